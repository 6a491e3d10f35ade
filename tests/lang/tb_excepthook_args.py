# tpy-test: strict-stderr
# sys.excepthook called by hand: the type argument is ignored, a value that
# is no exception gets CPython's TypeError line, a traceback is attached to
# an exception that has none; sys.__excepthook__ is the original hook.
import sys
sys.excepthook(ValueError, ValueError("a"), None)
sys.__excepthook__(KeyError, ValueError("b"), None)
print(sys.__excepthook__ is sys.excepthook)
sys.excepthook(1, 2, 3)
try:
    1 / 0
except ZeroDivisionError as e:
    tb = e.__traceback__
e = ValueError(6)
sys.excepthook(ValueError, e, tb)
print(e.__traceback__ is tb)
try:
    sys.excepthook(ValueError, e)
except TypeError as x:
    print(type(x).__name__)
