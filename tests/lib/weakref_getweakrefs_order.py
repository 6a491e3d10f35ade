# weakref.getweakrefs(o) lists the references in CPython's order: the
# shared plain ref, the shared plain proxy, then the others (callbacks,
# subclasses) newest first; the same order their callbacks run in.
import weakref

class Object:
    def __call__(self):
        return 1

class MyRef(weakref.ref):
    pass

def names(refs, table):
    return [table.get(id(r), '?') for r in refs]

for callable_obj in (False, True):
    o = Object() if callable_obj else type('Plain', (), {})()
    t = {}
    r1 = MyRef(o); t[id(r1)] = 'sub1'
    print(names(weakref.getweakrefs(o), t))
    r2 = weakref.ref(o); t[id(r2)] = 'plain'
    r3 = MyRef(o); t[id(r3)] = 'sub3'
    print(names(weakref.getweakrefs(o), t), weakref.getweakrefcount(o))
    p = weakref.proxy(o); t[id(p)] = 'proxy'
    r4 = weakref.ref(o, lambda r: order.append('cb4')); t[id(r4)] = 'cb4'
    p2 = weakref.proxy(o, lambda r: order.append('pcb')); t[id(p2)] = 'pcb'
    print(weakref.ref(o) is r2, weakref.proxy(o) is p)
    print(names(weakref.getweakrefs(o), t), weakref.getweakrefcount(o))
    order = []
    r5 = MyRef(o, lambda r: order.append('sub5')); t[id(r5)] = 'sub5'
    print(names(weakref.getweakrefs(o), t))
    del o
    import gc; gc.collect()
    print(order, weakref.getweakrefs(r1))
