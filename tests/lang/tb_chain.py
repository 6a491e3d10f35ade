# tpy-test: strict-stderr
# Chained exceptions as the default excepthook prints them: causes,
# contexts, 'from None', __suppress_context__ set and cleared by hand, a
# context cycle (printed once), a chain through recursion, and a context
# whose str() fails.
import sys
def show():
    sys.excepthook(*sys.exc_info())
try:
    try:
        1/0
    except ZeroDivisionError:
        raise ValueError("v") from None
except ValueError:
    show()
try:
    try:
        1/0
    except ZeroDivisionError as e:
        raise ValueError("v") from KeyError("k")
except ValueError:
    show()
try:
    try:
        {}["a"]
    except KeyError as e:
        try:
            [][1]
        except IndexError as e2:
            raise TypeError("t") from e
except TypeError:
    show()
# a cycle: a's context is b, b's context is a
a = ValueError("a"); b = KeyError("b")
a.__context__ = b; b.__context__ = a
sys.excepthook(ValueError, a, None)
e = ValueError("sup")
e.__context__ = KeyError("ctx")
e.__suppress_context__ = True
sys.excepthook(ValueError, e, None)
e.__cause__ = None
sys.excepthook(ValueError, e, None)
e.__suppress_context__ = False
sys.excepthook(ValueError, e, None)
def deep(n):
    try:
        if n == 0:
            raise KeyError(0)
        deep(n - 1)
    except Exception as x:
        raise ValueError(n)
try:
    deep(3)
except ValueError:
    show()
class S(Exception):
    def __str__(self): raise RuntimeError
try:
    try:
        raise S()
    finally:
        raise ValueError()
except ValueError:
    show()
