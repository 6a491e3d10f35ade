# obj.__class__ = C: CPython's compatible-layout rules and messages.

class C: pass
class D: pass
class E(D): pass

x = C()
x.a = 1
for cls in (D, E, C):
    x.__class__ = cls
    print(type(x).__name__, x.a, x.__dict__)

def attempt(obj, cls):
    try:
        obj.__class__ = cls
        print("ok", type(obj).__name__)
    except TypeError as e:
        print("TypeError:", e)

attempt(C(), int)
attempt(C(), object)
attempt([], C)
attempt(C(), 1)
attempt(1, bool)

class G:
    __slots__ = ["a", "b"]
class H:
    __slots__ = ["b", "a"]
class J:
    __slots__ = ["c", "b"]
class L(H):
    __slots__ = ["e"]
class M(G):
    __slots__ = ["e"]
class N(J):
    __slots__ = ["__weakref__"]
class Q(J):
    pass
class R(J):
    __slots__ = ["__dict__", "__weakref__"]

g = G()
g.a, g.b = 1, 2
attempt(g, H)
print(g.a, g.b)
attempt(g, J)
attempt(L(), M)
attempt(N(), J)
attempt(Q(), R)
q = R()
q.c = 3
q.z = 4
attempt(q, Q)
print(q.c, q.z)

try:
    del x.__class__
except TypeError as e:
    print("TypeError:", e)

import types
class Mod(types.ModuleType):
    extra = "yes"
m = types.ModuleType("m")
attempt(m, Mod)
print(m.extra, m.__name__)
attempt(m, types.ModuleType)
print(hasattr(m, "extra"))
attempt(m, C)
