# tpy-test: strict-stderr
# Forms of re-raising in except* clauses: `raise e` of the matched part (a new
# raise: its traceback grows), raise ... from None, a new group raised in a
# clause, a bare raise after the leaf traceback was cleared, and a bare raise
# nested in an inner try; each printed through sys.excepthook.
import sys
def a():
    try:
        raise ExceptionGroup('g', [ValueError(1), TypeError(2)])
    except* ValueError as e:
        raise e
def b():
    try:
        raise ExceptionGroup('g', [ValueError(1), TypeError(2)])
    except* ValueError as e:
        raise KeyError('x') from None
    except* TypeError as e:
        raise ExceptionGroup('new', [OSError(3)])
def c():
    try:
        raise ExceptionGroup('g', [ValueError(1)])
    except* ValueError as e:
        e.exceptions[0].__traceback__ = None
        raise
def d():
    try:
        raise ExceptionGroup('g', [ValueError(1), TypeError(2)])
    except* ValueError as e:
        try:
            raise
        except ExceptionGroup as inner:
            print('inner', repr(inner), inner is e)
        raise
for f in (a, b, c, d):
    try:
        f()
    except BaseException as e:
        print(f.__name__, repr(e), repr(e.__context__), e.__cause__, e.__suppress_context__)
        sys.excepthook(type(e), e, e.__traceback__)
