def f():
    try:
        raise ValueError('in f')
    except ValueError as e:
        err = e
    try:
        e
    except NameError as ne:
        print('e unbound after except:', ne)
    return err
print(repr(f()))
try:
    raise
except RuntimeError as e:
    print(e)
def reraise():
    try:
        raise KeyError('orig')
    except KeyError:
        raise
try:
    reraise()
except KeyError as e:
    print(repr(e))
try:
    raise TypeError
except TypeError as e:
    print(repr(e), e.args)
try:
    raise 5
except TypeError as e:
    print(e)
class NotExc: pass
try:
    raise NotExc
except TypeError as e:
    print(e)
try:
    try:
        pass
    except 5:
        pass
    print('bad except clause not evaluated')
    try:
        1 / 0
    except 5:
        pass
except TypeError as e:
    print(e)
try:
    try:
        1 / 0
    except (KeyError, (ZeroDivisionError, ValueError)) as e:
        print('nested tuple ok', e)
except TypeError as e:
    print('nested tuple:', e)
import sys
try:
    raise IndexError('info')
except IndexError:
    et, ev, tb = sys.exc_info()
    print(et.__name__, ev, tb is not None)
print(sys.exc_info())
e = ValueError(1, 2)
print(e.args, str(e), repr(e))
e2 = e.with_traceback(None)
print(e2 is e)
print(repr(BaseException()), str(Exception()), repr(Exception('')))
