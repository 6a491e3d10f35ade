# Cases from CPython's test_ordered_dict.py (CPythonOrderedDictTests), plus a hot loop.
from collections import OrderedDict
import collections, copy, sys, weakref
from collections.abc import MutableMapping

def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

print(collections.OrderedDict is OrderedDict, OrderedDict.__module__, type(OrderedDict).__name__)
pairs = [('c', 1), ('b', 2), ('a', 3), ('d', 4), ('e', 5), ('f', 6)]
# test_init
print(list(OrderedDict(dict(pairs)).items()) == pairs)
print(list(OrderedDict(**dict(pairs)).items()) == pairs)
print(list(OrderedDict(pairs).items()))
print(list(OrderedDict([('a', 1), ('b', 2), ('c', 9), ('d', 4)], c=3, e=5).items()))
show(lambda: OrderedDict([('a', 1), ('b', 2)], None))
od = OrderedDict(); od.__init__([('a', 1), ('b', 2)]); od.__init__([('c', 3)])
print(od)
print(OrderedDict(self=42), OrderedDict(other=42), OrderedDict(iterable=1), OrderedDict(red=1, other=2))
# test_update
od = OrderedDict()
od.update(dict(pairs)); print(sorted(od.items()) == sorted(pairs))
od = OrderedDict(); od.update(**dict(pairs)); print(list(od.items()) == pairs)
od = OrderedDict(); od.update(pairs); print(list(od.items()))
od = OrderedDict(); od.update([('a', 1), ('b', 2), ('c', 9), ('d', 4)], c=3, e=5); print(od)
show(lambda: OrderedDict().update(42))
show(lambda: OrderedDict().update((), ()))
od = OrderedDict(); od.update(self=23); od.update(other={}); od.update(red=5, blue=6, other=7, self=8); print(od)
# update from an object with keys() / items()
class KeysOnly:
    def keys(self): return ['x', 'y']
    def __getitem__(self, k): return k * 2
class ItemsOnly:
    def items(self): return [('p', 1), ('q', 2)]
od = OrderedDict(); od.update(KeysOnly()); od.update(ItemsOnly()); print(od)
show(lambda: OrderedDict([(1, 2, 3)]))
show(lambda: OrderedDict([(1,)]))
show(lambda: OrderedDict([1]))
# test_init_calls / MutableMapping
print(issubclass(OrderedDict, MutableMapping), isinstance(OrderedDict(), dict))
# test_fromkeys
print(OrderedDict.fromkeys('abc'), OrderedDict.fromkeys('abc', value=None), OrderedDict.fromkeys('abc', value=0))
# test_abc
print(isinstance(OrderedDict(), MutableMapping), issubclass(OrderedDict, dict))
# test_clear
od = OrderedDict(pairs); od.clear(); print(len(od), list(od), od)
# test_delitem
od = OrderedDict(pairs); del od['a']; print('a' in od, list(od.items()))
show(lambda: od.__delitem__('a'))
# test_setitem
od = OrderedDict([('d', 1), ('b', 2), ('c', 3), ('a', 4), ('e', 5)])
od['c'] = 10; od['f'] = 20; print(list(od.items()))
# test_iterators
od = OrderedDict(pairs)
print(list(od), list(od.keys()), list(od.values()), list(od.items()))
print(list(reversed(od)), list(reversed(od.keys())), list(reversed(od.values())), list(reversed(od.items())))
print(type(iter(od)).__name__, type(reversed(od.items())).__name__, type(od.values()).__name__)
# test_detect_deletion_during_iteration
od = OrderedDict.fromkeys('abc'); it = iter(od); key = next(it); del od[key]
show(lambda: next(it))
show(lambda: next(it))
# test_sorted_iterators
od = OrderedDict(pairs)
print(sorted(od), sorted(od.keys()), sorted(od.items()), sorted(reversed(od)))
# test_iterators_empty
od = OrderedDict()
print(list(od), list(od.values()), list(od.items()), list(reversed(od)), list(reversed(od.keys())))
# test_popitem
od = OrderedDict(pairs)
while pairs and len(od) > 3:
    print(od.popitem(), end=' ')
print(od.popitem(False), od.popitem(last=False), od.popitem(last=0), len(od))
show(lambda: od.popitem())
# test_popitem_last
od = OrderedDict([(i, i) for i in range(30)])
for i in range(30): print(od.popitem(last=(i % 3 != 0))[0], end=' ')
print(len(od))
# test_pop
od = OrderedDict(pairs); import random; shuffled = pairs[:]; random.Random(1).shuffle(shuffled)
while shuffled:
    k, v = shuffled.pop(); print(od.pop(k) == v, end=' ')
print(od)
show(lambda: od.pop('xyz'))
print(od.pop('xyz', 3), od.pop(key='xyz', default=4))
class Missing(OrderedDict):
    def __missing__(self, key): return 0
m = Missing(); m['a'] = 1
print(m.pop('b', 5), m.pop('a', 6), m.pop('a', 6))
show(lambda: m.pop('a'))
# test_equality
od1 = OrderedDict(pairs); od2 = OrderedDict(pairs)
print(od1 == od2, od1 != od2, od1 == od2.copy())
od2 = OrderedDict(pairs[-2:] + pairs[:-2])
print(od1 == od2, od1 != od2, od1 == dict(od2), dict(od2) == od1, od1 == list(od1.items()))
print(OrderedDict(a=1) < OrderedDict(a=2) if False else 'no-order')
show(lambda: OrderedDict(a=1) < OrderedDict(a=2))
# test_copying
od = OrderedDict(pairs); od.x = ['x']; od.z = ['z']
def check(dup):
    print(dup is not od, dup == od, list(dup.items()) == list(od.items()), len(dup), type(dup).__name__)
check(od.copy()); check(copy.copy(od)); check(copy.deepcopy(od))
def rebuild(o):
    # what pickle does with __reduce__'s result
    cls, args, state, _, items = o.__reduce__()
    dup = cls(*args)
    if state: dup.__dict__.update(state)
    for k, v in items: dup[k] = v
    return dup
dup = rebuild(od); check(dup); print(dup.x, dup.z)
check(eval(repr(od)))
update_test = OrderedDict(); update_test.update(od); check(update_test)
check(OrderedDict(od))
# test_yaml_linkage / reduce
od = OrderedDict(pairs)
r = od.__reduce__(); print(r[0].__name__, r[1], r[2], r[3], list(r[4]))
od.x = 10; print(od.__reduce__()[2])
# test_reduce_not_too_fat
print(OrderedDict(pairs).__reduce__()[2])
# test_pickle_recursive
od = OrderedDict(); od[1] = od
dup = copy.deepcopy(od); print(dup is not od, list(dup.keys()), dup[1] is dup)
# test_repr
od = OrderedDict([('c', 1), ('b', 2), ('a', 3), ('d', 4), ('e', 5), ('f', 6)])
print(repr(od), eval(repr(od)) == od, repr(OrderedDict()))
od = OrderedDict.fromkeys('abc'); od['x'] = od; print(repr(od))
od = OrderedDict(); od[1] = od.keys(); od[2] = od.values(); od[3] = od.items()
print(repr(od))
# test_repr_recursive_values
od = OrderedDict(); od[42] = od.values(); r = repr(od); print(r)
od[42] = od.items(); print(repr(od))
# test_setdefault
pair_order = list(OrderedDict(pairs).items())
od = OrderedDict(pairs)
print(od.setdefault('a', 10), list(od.items()) == pair_order, od.setdefault('x', 10), list(od.items())[-1])
print(Missing().setdefault(5, 9))
# test_reinsert
od = OrderedDict(); od['a'] = 1; od['b'] = 2; del od['a']; od['a'] = 1; print(list(od.items()))
# test_move_to_end
od = OrderedDict.fromkeys('abcde'); print(list(od))
od.move_to_end('c'); print(list(od))
od.move_to_end('c'); print(list(od))
od.move_to_end('e'); print(list(od))
od.move_to_end('b', last=False); print(list(od))
od.move_to_end('a', last=False); print(list(od))
od.move_to_end('a', last=False); print(list(od))
od.move_to_end('b', False); print(list(od))
show(lambda: od.move_to_end('x'))
show(lambda: od.move_to_end('x', False))
show(lambda: od.move_to_end())
show(lambda: od.move_to_end('a', last=True, x=1))
# test_move_to_end_issue25406
od = OrderedDict.fromkeys('abc'); od.move_to_end('c', last=False); print(list(od))
od.move_to_end('a', last=False); print(list(od)); od.move_to_end('a', last=False); print(list(od))
od = OrderedDict.fromkeys('abc'); od.move_to_end('a'); print(list(od)); od.move_to_end('a'); print(list(od))
# test_sizeof (relative only)
print(sys.getsizeof(OrderedDict()) > 0, OrderedDict().__sizeof__() >= dict().__sizeof__())
# test_views
s = 'the quick brown fox jumped over a lazy dog yesterday before dawn'.split()
od = OrderedDict.fromkeys(s)
print(list(od.keys()) == s, list(od.items()) == list(zip(s, [None] * len(s))))
print(od.keys(), od.values(), od.items())
print(od.keys() == set(s), od.keys() == OrderedDict.fromkeys(reversed(s)).keys(), 'fox' in od.keys(), ('fox', None) in od.items())
print(od.keys() & {'the', 'zzz'}, sorted(od.keys() - set(s[2:])), od.keys().isdisjoint(['zzz']), len(od.items()))
# test_override_update
class MyOD(OrderedDict):
    def __setitem__(self, key, value):
        super().__setitem__(key, value * 2)
m = MyOD(a=1); m.update(b=2); m.update([('c', 3)]); m |= {'d': 4}; m.setdefault('e', 5)
print(m, type(m.copy()).__name__, m.copy())
# test_highly_nested / subclass
class OrderedDictSubclass(OrderedDict): pass
od = OrderedDictSubclass(pairs); print(repr(od)[:40], type(od.copy()).__name__, od == OrderedDict(pairs))
# test_dict_setitem / dict methods on OrderedDict
od = OrderedDict(); dict.__setitem__(od, 'spam', 1); print('spam' in od)
# test_dict_update
od = OrderedDict(); dict.update(od, [('spam', 1)]); print('spam' in od)
# test_iterators mutated
od = OrderedDict.fromkeys('abcd')
for mutate in [lambda: od.__setitem__('z', 1), lambda: od.__delitem__('z'), lambda: od.move_to_end('a'),
               lambda: od.move_to_end('a', last=False), lambda: od.popitem(), lambda: dict.__setitem__(od, 'q', 2),
               lambda: od.__setitem__('b', 'value change')]:
    it = iter(od.items()); next(it); mutate()
    try:
        print(next(it))
    except RuntimeError as e:
        print('RuntimeError', e)
# test_issue24347 style: hash collisions and moves
class Key:
    def __init__(self, n): self.n = n
    def __hash__(self): return self.n % 4
    def __eq__(self, o): return isinstance(o, Key) and o.n == self.n
    def __repr__(self): return 'K%d' % self.n
od = OrderedDict((Key(i), i) for i in range(20))
for i in range(0, 20, 3): od.move_to_end(Key(i), last=bool(i % 2))
for i in range(0, 20, 5): del od[Key(i)]
print(list(od), all(od[k] == k.n for k in od))
# test_or / ior / ror
a = OrderedDict(a=0, b=1, c=2); b = OrderedDict(c=3, d=4, e=5)
print(a | b, b | a, a | dict(b), dict(a) | b, type(dict(a) | b).__name__)
c = a.copy(); c |= b; print(c); c |= [('x', 0)]; print(c)
show(lambda: a | [('x', 1)])
show(lambda: [('x', 1)] | a)
# __class_getitem__ and __dict__
print(OrderedDict[str, int], OrderedDict[str, int]().__class__.__name__)
od = OrderedDict(); od.attr = 5; print(od.__dict__, vars(od))
# weakref to an OrderedDict subclass instance
class W(OrderedDict): pass
w = W(); r = weakref.ref(w); print(r() is w)
# argument errors
show(lambda: OrderedDict().popitem(1, 2))
show(lambda: OrderedDict().setdefault())
show(lambda: OrderedDict().pop())
show(lambda: OrderedDict.fromkeys())
show(lambda: OrderedDict().keys(1))
show(lambda: OrderedDict(1, 2))
show(lambda: {} | OrderedDict() | 3)
print(hash(OrderedDict) != 0, OrderedDict.__hash__)
# an LRU cache: the hot loop
class LRU(OrderedDict):
    def __init__(self, maxsize):
        super().__init__()
        self.maxsize = maxsize
    def __getitem__(self, key):
        value = super().__getitem__(key)
        self.move_to_end(key)
        return value
    def __setitem__(self, key, value):
        if key in self:
            self.move_to_end(key)
        super().__setitem__(key, value)
        if len(self) > self.maxsize:
            oldest = next(iter(self))
            del self[oldest]
cache = LRU(64)
hits = 0
for i in range(20000):
    k = (i * 7919) % 97
    if k in cache:
        hits += cache[k] == k * k
    else:
        cache[k] = k * k
print(hits, len(cache), list(cache)[:5])
od = OrderedDict()
total = 0
for i in range(30000):
    od[i] = i
    if len(od) > 100:
        total += od.popitem(last=False)[1]
    if i % 3 == 0:
        od.move_to_end(i - (i % 50) if (i - (i % 50)) in od else i, last=(i % 2 == 0))
print(total, len(od), list(od)[:3], list(od)[-3:])
# random operations against a model (a list of keys and a dict), with colliding hashes
import random
rng = random.Random(12345)
class H:
    __slots__ = ('n',)
    def __init__(self, n): self.n = n
    def __hash__(self): return self.n % 7
    def __eq__(self, o): return type(o) is H and o.n == self.n
    def __repr__(self): return 'H%d' % self.n
od = OrderedDict(); order = []; vals = {}
bad = 0
for step in range(6000):
    op = rng.randrange(9)
    k = H(rng.randrange(40)) if rng.random() < 0.5 else rng.randrange(40)
    if op <= 1:
        od[k] = step
        if k not in vals: order.append(k)
        vals[k] = step
    elif op == 2 and k in vals:
        del od[k]; order.remove(k); del vals[k]
    elif op == 3 and k in vals:
        od.move_to_end(k); order.remove(k); order.append(k)
    elif op == 4 and k in vals:
        od.move_to_end(k, last=False); order.remove(k); order.insert(0, k)
    elif op == 5 and order:
        last = rng.random() < 0.5
        kk, vv = od.popitem(last=last)
        ek = order.pop(-1 if last else 0)
        bad += kk != ek or vv != vals.pop(ek)
    elif op == 6:
        bad += od.pop(k, None) != vals.pop(k, None)
        if k in order: order.remove(k)
    elif op == 7:
        bad += od.setdefault(k, -step) != vals.setdefault(k, -step)
        if k not in order: order.append(k)
    elif op == 8 and step % 500 == 0:
        od.clear(); order.clear(); vals.clear()
    if step % 97 == 0:
        bad += list(od) != order or list(reversed(od)) != order[::-1] or list(od.values()) != [vals[x] for x in order]
        bad += len(od) != len(order) or any(od[x] != vals[x] for x in order)
print('mismatches:', bad, len(od), list(od)[:6])
# __reduce__ of a subclass with __slots__: (__dict__, slots)
class Slotted(OrderedDict):
    __slots__ = ('x', 'y')
s = Slotted(a=1); s.x = 1; s.z = 2
print(s.__reduce__()[2]); d = copy.copy(s); print(d.x, d.z, d, hasattr(d, 'y'))
print(Slotted(b=2).__reduce__()[2])
# pop does not go through a subclass's __getitem__/__delitem__ (3.11.7)
class Counting(OrderedDict):
    calls = 0
    def __getitem__(self, k):
        Counting.calls += 1
        return super().__getitem__(k)
    def __delitem__(self, k):
        Counting.calls += 10
        super().__delitem__(k)
c = Counting(a=1, b=2)
print(c.pop('a'), c.pop('zz', 0), Counting.calls, c.popitem(), Counting.calls)
print(iter(OrderedDict(a=1).items()).__reduce__()[1], reversed(OrderedDict(a=1, b=2)).__reduce__()[1])
