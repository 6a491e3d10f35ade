# Pickling and copying the builtin iterators, sets, ranges and slices:
# their __reduce__ values and __setstate__ (CPython's protocol).
import copy
import pickle


def roundtrip(it, seq):
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        d = pickle.dumps(it, proto)
        it2 = pickle.loads(d)
        assert list(it2) == seq, (proto, seq)


def red(r):
    # the reduce value without addresses
    return (getattr(r[0], '__name__', r[0]),) + tuple(r[1:])


seqs = [[1, 2, 3], (1, 2, 3), 'abc', 'abcé', range(3, 10, 2), range(10, 0, -3),
        range(2**70, 2**70 + 3)]
for s in seqs:
    it = iter(s)
    print(type(it).__name__, red(it.__reduce__()))
    roundtrip(it, list(s))
    next(it)
    print(' ', red(it.__reduce__()))
    roundtrip(it, list(s)[1:])
    for _ in it:
        pass
    print(' ', red(it.__reduce__()))
    roundtrip(it, [])

# reversed iterators
for s in ([1, 2, 3], range(5), range(1, 20, 4)):
    it = reversed(s)
    next(it)
    print(type(it).__name__, red(it.__reduce__()))
    roundtrip(it, list(reversed(s))[1:])

# __setstate__ clamps the index
it = iter([10, 20, 30])
it.__setstate__(-5)
print(list(it))
it = iter([10, 20, 30])
it.__setstate__(2)
print(list(it))
it = iter((10, 20, 30))
it.__setstate__(99)
print(list(it))
it = iter('héllo')
it.__setstate__(2)
print(list(it))
it = iter(range(0, 20, 5))
next(it)
it.__setstate__(2)
print(list(it), it.__reduce__()[1:])
it = iter(range(0, 20, 5))
it.__setstate__(-1)
print(list(it))
it = reversed([1, 2, 3])
it.__setstate__(0)
print(list(it))


class Seq:
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if i < self.n:
            return i
        raise IndexError


it = iter(Seq(5))
next(it)
it.__setstate__(-3)
print(next(it), type(it).__name__)
it = pickle.loads(pickle.dumps(it))
print(list(it))

# dict and set iterators pickle the items still to come
d = {'a': 1, 'b': 2, 'c': 3}
for make in (iter, lambda d: iter(d.values()), lambda d: iter(d.items()),
             reversed, lambda d: reversed(d.items())):
    it = make(d)
    next(it)
    print(type(it).__name__, red(it.__reduce__()))
    roundtrip(it, list(make(d))[1:])
s = {1, 2, 3, 4}
it = iter(s)
first = next(it)
print(sorted(it.__reduce__()[1][0]) == sorted(s - {first}))

# iter(callable, sentinel)
it = iter(int, 1)
print(red(it.__reduce__())[0], it.__reduce__()[1][1])

# sets, ranges, slices
print({1, 2}.__reduce__(), frozenset([3]).__reduce__())


class S(set):
    pass


class F(frozenset):
    __slots__ = ('x',)


x = S([1, 2])
x.attr = 'yes'
y = copy.deepcopy(x)
print(type(y).__name__, sorted(y), y.attr)
f = F([1])
f.x = 5
g = pickle.loads(pickle.dumps(f, 2))
print(type(g).__name__, sorted(g), g.x)
print(range(1, 10, 2).__reduce__(), slice(1, None, 'a').__reduce__())
print(pickle.loads(pickle.dumps(range(2**80))), copy.deepcopy(slice(1, [2], 3)))
