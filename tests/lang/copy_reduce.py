import copy, pickle
class C:
    def __init__(self): self.a = [1, 2]; self.b = {"x": 1}
c = C()
d = copy.copy(c); e = copy.deepcopy(c)
print(d.a is c.a, e.a is c.a, e.a == c.a, type(e).__name__)
class S:
    __slots__ = ('x', 'y')
s = S(); s.x = 1
t = copy.copy(s)
print(t.x, hasattr(t, 'y'))
class L(list): pass
l = L([1, 2]); l.tag = 'q'
m = copy.deepcopy(l)
print(m, m.tag, type(m).__name__)
class D(dict): pass
print(copy.copy(D(a=1)))
p = pickle.loads(pickle.dumps(c, protocol=0)) if False else c
print(p.a, p.b)
print(c.__reduce_ex__(2)[0].__name__, c.__reduce_ex__(2)[1][0].__name__)
print(object().__reduce_ex__(2)[0].__name__)
print(c.__getstate__(), s.__getstate__())
class N:
    def __getnewargs__(self): return (1, 2)
    def __new__(cls, *a): o = super().__new__(cls); o.args = a; return o
print(copy.copy(N()).args)
