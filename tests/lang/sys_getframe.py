import sys
from collections import namedtuple
P = namedtuple('P', 'x y')
print(P.__module__, P(1, 2))
def who():
    f = sys._getframe(1)
    return f.f_code.co_name, f.f_globals['__name__'], f.f_lineno
def caller():
    return who()
print(caller())
def here():
    f = sys._getframe()
    return f.f_code.co_name, f.f_lineno, f.f_back.f_code.co_name, sorted(f.f_locals)
print(here())
print(sys._getframe().f_code.co_name, sys._getframe(0).f_globals is globals())
try:
    sys._getframe(1000)
except ValueError as e:
    print(e)
def outer():
    a = 1
    def inner():
        return sys._getframe(1).f_locals
    return sorted(inner())
print(outer())
