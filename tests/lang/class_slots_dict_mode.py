class P:
    __slots__ = ('x', 'y')
class R(P):
    pass
r = R()
r.x = 1; r.z = 3
print(vars(r), r.x)
r.__dict__['w'] = 4
print(r.w, r.x, sorted(vars(r)))
del r.x
try: r.x
except AttributeError as e: print(e)
r.x = 7
print(r.x, vars(r))
class S(P):
    __slots__ = ('q',)
s = S(); s.q = 1; s.x = 2
print(s.q, s.x)
try: s.zz = 1
except AttributeError as e: print(e)
del s.q
try: s.q
except AttributeError as e: print(e)
s.q = 5; print(s.q, s.x)
class C(bytes): pass
c = C(b'xy'); c.a = 1; print(c.a, c, vars(c))
class T(tuple): pass
t = T((1,2)); t.k = 'v'; print(t, t.k, t.__dict__)
class U(str): pass
u = U('héllo'); u.m = 3; print(u, u.m, len(u))
try:
    class V(tuple): __slots__ = ('a',)
except TypeError as e: print(e)
class W(tuple): __slots__ = ()
try: W().a = 1
except AttributeError as e: print(e)
class M:
    __slots__ = ('__priv',)
    def __init__(self): self.__priv = 1
    def get(self): return self.__priv
print(M().get(), sorted(k for k in M.__dict__ if 'priv' in k))
class X:
    __slots__ = ('a',)
    def m(self): pass
try: X().m = 1
except AttributeError as e: print(e)
import sys
class D: pass
d = D(); d.a = 1
d.__dict__ = {'b': 2}
print(vars(d), hasattr(d, 'a'))
try: d.__dict__ = 5
except TypeError as e: print(e)
print(repr(P.x), P.x.__objclass__)
