from functools import wraps, update_wrapper, total_ordering, WRAPPER_ASSIGNMENTS, WRAPPER_UPDATES

print(WRAPPER_ASSIGNMENTS, WRAPPER_UPDATES)
def logged(fn):
    @wraps(fn)
    def wrapper(*args, **kwargs):
        'wrapper doc'
        print('calling', fn.__name__, args, kwargs)
        return fn(*args, **kwargs)
    return wrapper

@logged
def add(a, b=0):
    'Add two numbers.'
    return a + b
print(add(1, b=2), add.__name__, add.__doc__, add.__qualname__, add.__module__, add.__wrapped__(3, 4))

def plain():
    pass
plain.custom = 'attr'
def w2():
    pass
update_wrapper(w2, plain)
print(w2.__name__, w2.custom, w2.__wrapped__ is plain)
def w3():
    pass
update_wrapper(w3, plain, assigned=('__doc__',), updated=())
print(w3.__name__, hasattr(w3, 'custom'))

@total_ordering
class Version:
    def __init__(self, *parts):
        self.parts = parts
    def __eq__(self, other):
        return self.parts == other.parts
    def __lt__(self, other):
        return self.parts < other.parts
    def __repr__(self):
        return 'V' + '.'.join(map(str, self.parts))
a, b = Version(1, 2), Version(1, 10)
print(a < b, a <= b, a > b, a >= b, a == b, b >= a, sorted([b, a, Version(0, 9)]), max(a, b))

@total_ordering
class Gt:
    def __init__(self, v):
        self.v = v
    def __eq__(self, other):
        return self.v == other.v
    def __gt__(self, other):
        return self.v > other.v
print(Gt(1) < Gt(2), Gt(2) <= Gt(2), Gt(3) >= Gt(4), Gt.__lt__.__name__)

@total_ordering
class Le:
    def __init__(self, v):
        self.v = v
    def __le__(self, other):
        if not isinstance(other, Le):
            return NotImplemented
        return self.v <= other.v
print(Le(1) < Le(2), Le(2) > Le(1), Le(1) >= Le(1), Le(1).__ge__(5))
try:
    @total_ordering
    class Nothing:
        pass
except ValueError as e:
    print('ValueError', e)
