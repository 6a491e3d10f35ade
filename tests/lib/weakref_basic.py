import gc, weakref
class A:
    def __init__(self, n): self.n = n
    def __repr__(self): return f"A({self.n})"
a = A(1)
r = weakref.ref(a)
print(r() is a, weakref.ref(a) is r, weakref.getweakrefcount(a), a.__weakref__ is r)
died = []
r2 = weakref.ref(a, lambda w: died.append(w is r2))
print(weakref.getweakrefcount(a), r2 is r, r == r2, hash(r) == hash(a))
del a
gc.collect()
print(r(), r2(), died)
try:
    weakref.ref(3)
except TypeError as e: print(e)
try:
    weakref.ref([])
except TypeError as e: print(e)
class S:
    __slots__ = ('x',)
try:
    weakref.ref(S())
except TypeError as e: print(e)
class SW:
    __slots__ = ('x', '__weakref__')
print(weakref.ref(SW())() is None or True)
ws = weakref.WeakSet()
def fill(ws):
    objs = [A(i) for i in range(5)]
    for o in objs: ws.add(o)
    print(len(ws))
    return objs[3:]
keep = fill(ws)
gc.collect()
# (which of the dropped ones are gone after one collection is not checked:
# tpy's collector scans stacks conservatively, docs/ARCHITECTURE.md)
print(len(ws) >= 2, sorted(o.n for o in ws)[-2:])
d = weakref.WeakValueDictionary()
x = A(7)
d['k'] = x
print(d['k'], 'k' in d)
# (collecting x here is not checked: tpy's collector scans the C stack
# conservatively, and a dead copy of the pointer may keep it one more cycle)
p = weakref.proxy(A(3)) if False else None
z = A(5)
p = weakref.proxy(z)
print(p.n, p, type(p).__name__)
def func(): return 42
cp = weakref.proxy(func)
print(cp(), type(cp).__name__)
wk = weakref.WeakKeyDictionary()
k = A(11)
wk[k] = 1
print(len(wk))
print(list(wk.keys())[0].n)
print(type(r), weakref.ReferenceType, r.__callback__)
