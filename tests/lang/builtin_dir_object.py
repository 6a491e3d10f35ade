# object.__dir__ as CPython's: __dict__ and __class__ found as attributes
class Foo(object):
    __slots__ = []
print('__repr__' in dir(Foo()))

class NoClass(object):
    __slots__ = ["__class__", "__dict__"]
    def __init__(self):
        self.bar = "wow"
f = NoClass()
print('__repr__' in dir(f), dir(f))

class Spec:
    def spec_method(self): pass
class Proxy:
    @property
    def __class__(self):
        return Spec
    def own(self): pass
p = Proxy()
p.x = 1
d = dir(p)
print('spec_method' in d, 'own' in d, 'x' in d)

class WeirdDict:
    @property
    def __dict__(self):
        return ['not', 'a', 'dict']
    def m(self): pass
print([n for n in dir(WeirdDict()) if not n.startswith('__')])

class Raising:
    @property
    def __dict__(self):
        raise RuntimeError('no dict')
try:
    dir(Raising())
except RuntimeError as e:
    print('RuntimeError', e)

class A: a = 1
class B(A): b = 2
class C(B):
    c = 3
print([n for n in dir(C()) if not n.startswith('__')])
print(object.__dir__(C())[:0], type(object.__dir__(C())).__name__)
import types
m = types.SimpleNamespace(q=1)
print('q' in dir(m))

# a traceback lists its four attributes only
try:
    raise IndexError
except IndexError as e:
    print(dir(e.__traceback__), e.__traceback__.__dir__())

# co_cellvars (parameters first, then by name) and co_freevars (by name)
# in CPython's order: exec(code, closure=...) depends on it
def outer(zeta, alpha):
    result = 0
    m = 1
    b = 2
    a = 3
    def inner():
        nonlocal result
        result = (zeta, a, b, m, alpha)
    return inner
print(outer.__code__.co_cellvars, outer(1, 2).__code__.co_freevars)
def make():
    a, b, result = 2, 3, 0
    def f():
        nonlocal result, a, b
        result = a * b
    return f
f = make()
CellType = type(f.__closure__[0])
cells = (CellType(35), CellType(72), f.__closure__[2])
exec(f.__code__, f.__globals__, closure=cells)
print(f.__code__.co_freevars, cells[2].cell_contents)
