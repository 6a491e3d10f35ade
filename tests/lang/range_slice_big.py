# range and slice with ints of any size: slicing big ranges, len() up to
# sys.maxsize, slice.indices() of big lengths; membership, count and index
# of non-ints and int subclasses go by ==; __index__ returning a bool;
# a class's __radd__ before str/list/tuple concatenation.
import operator
import sys
import warnings

r = range(-sys.maxsize, sys.maxsize, 2)
print(len(r), r[-1], r[10**3:10**3 + 3])
big = range(sys.maxsize + 1, sys.maxsize + 10)
for sl in (slice(0, 2), slice(0, 20), slice(-1, 100, 2), slice(-1, -3, -1), slice(None, None, -3)):
    print(big[sl], list(big[sl]) == list(big)[sl], len(big[sl]))
x = range(-sys.maxsize, sys.maxsize)
try:
    len(x)
except OverflowError as e:
    print('OverflowError', e)
idx = sys.maxsize + 1
print(x[idx], x[idx:idx + 1][0], range(2**64)[2**63:2**63 + 5:2], range(0, 10, 2**60)[::2**60])
print(range(10)[2:8:3], range(10)[::-1], range(0)[1:2], range(1, 9, 3)[-30:-20])

print(slice(None, None, -1).indices(2**100), slice(-2**70, 2**70, 3).indices(5), slice(3).indices(10))
for bad in ((slice(1.5), 2), (slice(1), -1), (slice(None, None, 0), 3)):
    try:
        bad[0].indices(bad[1])
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)


class AlwaysEq:
    def __eq__(self, other):
        return True


class C3(int):
    def __eq__(self, other):
        return True
    __hash__ = int.__hash__


print(range(10).count(AlwaysEq()), range(10).index(AlwaysEq()), AlwaysEq() in range(10))
print(C3(11) in range(10), range(10).count(C3(11)), range(3).count(True), range(3).index(True))
print(range(3).count(1.0), range(3).index(2.0), range(10**20).index(10**20 - 1))
for v in ('a', 5):
    try:
        range(3).index(v)
    except ValueError as e:
        print('ValueError', e)


class BadIndex:
    def __index__(self):
        return True


with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    n = operator.index(BadIndex())
print(n, type(n).__name__, [w_.category.__name__ for w_ in w])


class R:
    def __radd__(self, other):
        return ('radd', other)


print('a' + R(), [1] + R(), (1,) + R())
for a in ('a', [1], (1,)):
    try:
        a + object()
    except TypeError as e:
        print('TypeError', e)
