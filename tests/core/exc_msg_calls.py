# TypeError messages for bad calls.
def f(a, b):
    return a + b

def g(a, b=2, *, c):
    return a + b + c

def h():
    return 0

def k(*, x):
    return x

class Foo:
    def method(self, x):
        return x

class NoInit:
    pass

class WithInit:
    def __init__(self, a):
        self.a = a

tests = [
    ('too many', f, (1, 2, 3), {}),
    ('too few', f, (1,), {}),
    ('none given', f, (), {}),
    ('unexpected kw', f, (1, 2), {'z': 3}),
    ('multiple values', f, (1,), {'a': 2}),
    ('missing kw-only', g, (1,), {}),
    ('h with arg', h, (1,), {}),
    ('h with kw', h, (), {'q': 1}),
    ('k positional', k, (1,), {}),
    ('k missing', k, (), {}),
    ('method too many', Foo().method, (1, 2), {}),
    ('method missing', Foo().method, (), {}),
    ('NoInit with arg', NoInit, (1,), {}),
    ('WithInit missing', WithInit, (), {}),
    ('WithInit too many', WithInit, (1, 2), {}),
    ('len two args', len, ([1], [2]), {}),
    ('len none', len, (), {}),
    ('append none', [].append, (), {}),
    ('append two', [].append, (1, 2), {}),
    ('getattr one', getattr, (1,), {}),
    ('int kw', int, ('5',), {'bogus': 1}),
    ('print bad kw', print, ('x',), {'color': 'red'}),
    ('sep not str', print, ('x', 'y'), {'sep': 5}),
    ('abs none', abs, (), {}),
]
for label, fn, args, kwargs in tests:
    try:
        fn(*args, **kwargs)
        print(label, 'no error')
    except TypeError as e:
        print(label + ':', e)

def two(a, b):
    return a

try:
    two(*[1, 2, 3])
except TypeError as e:
    print('star too many:', e)
try:
    two(**{'a': 1, 'c': 2})
except TypeError as e:
    print('star-star unknown:', e)
try:
    two(1, **{'a': 1})
except TypeError as e:
    print('star-star dup:', e)
try:
    two(*5)
except TypeError as e:
    print('star non-iterable:', e)
try:
    two(**[1])
except TypeError as e:
    print('star-star non-mapping:', e)
try:
    Foo.method(1)
except TypeError as e:
    print('unbound method:', e)
