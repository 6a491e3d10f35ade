# Dunders assigned to a class after creation reach instances of its
# subclasses (hash, __getattribute__, __getattr__, __setattr__), in loops
# the JIT compiles.

class A: pass
class B(A): pass
class C(A): pass
class D(B, C): pass

d = D()
d.foo = d.bar = 42

def read(n, name):
    r = None
    for _ in range(n):
        r = getattr(d, name, "missing")
    return r

def foo_loop(n):
    r = None
    for _ in range(n):
        r = d.foo
    return r

print(foo_loop(300), read(10, "spam"))
A.__hash__ = lambda self: 42
print(hash(d))
C.__hash__ = lambda self: 314
print(hash(d))
D.__hash__ = None
try:
    hash(d)
except TypeError as e:
    print("TypeError:", e)
del D.__hash__
print(hash(d))

def ga(self, name):
    if name == "foo":
        return 24
    return object.__getattribute__(self, name)
A.__getattribute__ = ga
print(foo_loop(300), d.bar)

def gattr(self, name):
    if name in ("spam", "foo"):
        return "hello"
    raise AttributeError(name)
B.__getattr__ = gattr
print(read(300, "spam"), foo_loop(10))
del A.__getattribute__
print(foo_loop(300))
del d.foo
print(foo_loop(300))

log = []
def sa(self, name, value):
    log.append(name)
    object.__setattr__(self, name, value)
C.__setattr__ = sa
d.z = 1
del C.__setattr__
d.w = 2
print(log, d.z, d.w)

# object.__setattr__ may not skip type's own checks
for args in ((str, "foo", 42),):
    try:
        object.__setattr__(*args)
    except TypeError as e:
        print("TypeError:", e)
try:
    object.__delattr__(str, "lower")
except TypeError as e:
    print("TypeError:", e)
