# deque iterators pickle (__reduce__ and the iterator types' constructors),
# and deques may be weakly referenced.
import pickle, weakref, gc
from collections import deque

d = deque(range(6))
for rev in (False, True):
    it = reversed(d) if rev else iter(d)
    print(type(it).__name__, it.__reduce__()[1][1])
    next(it); next(it)
    r = it.__reduce__()
    print(r[0].__name__, list(r[1][0]), r[1][1])
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        it2, d2 = pickle.loads(pickle.dumps((it, d), proto))
        d2[-1] = 'x'
        print(proto, type(it2) is type(it), list(it2), it.__length_hint__())
    print(list(it), it.__reduce__()[1][1])

klass = type(iter(deque()))
rklass = type(reversed(deque()))
for k in (klass, rklass):
    print(list(k(deque('abcd'))), list(k(deque('abcd'), 2)), list(k(deque('abcd'), 9)),
          list(k(deque('abcd'), -1)))
    for bad in [(), ([1, 2],), (deque(), 'x')]:
        try: k(*bad)
        except TypeError as e: print('TypeError', e if bad else '')

d = deque('gallahad')
p = weakref.proxy(d)
print(str(p), len(p))
w = weakref.ref(d)
print(w() is d, weakref.getweakrefcount(d))
