# Every itertools iterator (and map, filter, zip, enumerate) copied,
# deep-copied and pickled at every protocol after 0..k items continues
# from the same point; its __reduce__ tuple has CPython's shape.
import copy
import operator
import pickle
from itertools import (accumulate, chain, combinations, combinations_with_replacement, compress, count, cycle,
                       dropwhile, filterfalse, groupby, islice, permutations, product, repeat, starmap, takewhile,
                       tee, zip_longest)

BASIC = (int, float, str, bool, type(None))


def shape(v):
    """The reduce value with foreign iterators named generically (their type
    names differ between implementations) and functions by name."""
    if isinstance(v, BASIC):
        return v
    if isinstance(v, tuple):
        return tuple(shape(x) for x in v)
    if isinstance(v, list):
        return [shape(x) for x in v]
    if isinstance(v, type):
        return v.__name__
    if callable(v) and hasattr(v, '__name__'):
        return 'fn:' + v.__name__
    mod = type(v).__module__
    if mod == 'itertools' or type(v) in (map, filter, zip, enumerate):
        return '<%s>' % type(v).__name__
    return '<iter>'


def take(it, n):
    return list(islice(it, n))


def check(name, make, k, limit=20):
    it = make()
    got = take(it, k)
    red = it.__reduce__()
    rest = take(copy.deepcopy(it), limit)
    results = [take(copy.copy(make_after(make, k)), limit)]
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        results.append(take(pickle.loads(pickle.dumps(it, proto)), limit))
    same = all(r == rest for r in results)
    print(name, k, got, rest, 'same' if same else results, shape(red))
    # the original is not disturbed by being reduced, copied or pickled
    print('  orig', take(it, limit) == rest)


def make_after(make, k):
    it = make()
    take(it, k)
    return it


def lt3(x):
    return x < 3


def second(a, b):
    return b


def tens(x):
    return x * 10


CASES = [
    ('count', lambda: count()),
    ('count5', lambda: count(5)),
    ('count_step', lambda: count(3, 2)),
    ('count_float', lambda: count(1.5, 0.25)),
    ('count_neg', lambda: count(-2, -3)),
    ('count_big', lambda: count(2 ** 70)),
    ('count_bigstep', lambda: count(1, 2 ** 65)),
    ('cycle', lambda: cycle('abc')),
    ('cycle_empty', lambda: cycle('')),
    ('repeat', lambda: repeat('x', 4)),
    ('repeat_inf', lambda: repeat(7)),
    ('accumulate', lambda: accumulate([1, 2, 3, 4, 5])),
    ('accumulate_mul', lambda: accumulate([1, 2, 3, 4], operator.mul)),
    ('accumulate_init', lambda: accumulate([1, 2, 3], initial=100)),
    ('accumulate_none', lambda: accumulate([None, None, 1], second)),
    ('chain', lambda: chain('ab', '', 'cde')),
    ('chain_fi', lambda: chain.from_iterable(['ab', 'cd'])),
    ('compress', lambda: compress('abcdef', [1, 0, 1, 1, 0, 1])),
    ('dropwhile', lambda: dropwhile(lt3, [1, 2, 3, 1, 5])),
    ('takewhile', lambda: takewhile(lt3, [1, 2, 3, 1, 5])),
    ('filterfalse', lambda: filterfalse(None, [0, 1, 0, 2, 0])),
    ('starmap', lambda: starmap(pow, [(2, 3), (3, 2), (5, 1)])),
    ('islice', lambda: islice(range(20), 2, 15, 3)),
    ('islice_stop', lambda: islice('abcdef', 4)),
    ('islice_none', lambda: islice(count(), 1, None, 2)),
    ('zip_longest', lambda: zip_longest('abc', 'x', fillvalue='-')),
    ('zip_longest_none', lambda: zip_longest('ab', 'xyz')),
    ('product', lambda: product('ab', range(3))),
    ('product_rep', lambda: product('ab', repeat=3)),
    ('product_empty', lambda: product('ab', '')),
    ('permutations', lambda: permutations('abcd', 2)),
    ('permutations_full', lambda: permutations(range(3))),
    ('combinations', lambda: combinations('abcde', 3)),
    ('combinations_big_r', lambda: combinations('ab', 3)),
    ('cwr', lambda: combinations_with_replacement('abc', 2)),
    ('map', lambda: map(operator.add, [1, 2, 3], [10, 20, 30])),
    ('filter', lambda: filter(None, [0, 1, 0, 2, 3])),
    ('zip', lambda: zip('abc', range(5))),
    ('zip_strict', lambda: zip('abc', range(3), strict=True)),
    ('enumerate', lambda: enumerate('abcd', 10)),
]

for name, make in CASES:
    for k in (0, 1, 2, 5, 30):
        check(name, make, k)

# groupby: the groups of a copy
def groups(it):
    return [(k, list(g)) for k, g in it]

for k in range(5):
    g = groupby('aabbbcdd')
    take(g, k)
    print('groupby', k, groups(copy.deepcopy(g)), groups(pickle.loads(pickle.dumps(g))), shape(g.__reduce__()))
g = groupby([1, 1, 2, 3, 3], key=tens)
k, grp = next(g)
print('grouper', shape(grp.__reduce__()))
g2, grp2 = pickle.loads(pickle.dumps((g, grp)))
print('grouper pickled with parent', list(grp2), groups(g2))
k, grp = next(g)
old = next(g)[1]
print('stale grouper', shape(grp.__reduce__()), list(copy.copy(grp)))

# tee: both halves and their shared buffer, across a block boundary
a, b = tee(range(200))
take(a, 70)
take(b, 3)
red = a.__reduce__()
print('tee', shape(red), red[2][1])
a2, b2 = pickle.loads(pickle.dumps((a, b)))
print(take(a2, 5), take(b2, 5), take(a, 5), take(b, 5))
print(take(copy.deepcopy(b), 100) == list(range(8, 108)))
c = copy.copy(a)
print(take(c, 3), take(a, 3))
