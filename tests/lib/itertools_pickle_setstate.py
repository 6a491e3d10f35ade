# __setstate__ of the itertools iterators: good states resume as CPython's,
# bad ones raise CPython's errors; old cycle pickles (1/0 flag) load; the
# constructors' keyword rules for subclasses.
import operator
import pickle
from itertools import (accumulate, chain, combinations, combinations_with_replacement, count, cycle, dropwhile,
                       groupby, islice, permutations, product, repeat, starmap, takewhile, tee, zip_longest,
                       filterfalse, compress)


def t(label, f, *args):
    try:
        r = f(*args)
        print(label, 'ok', r)
    except Exception as e:
        print(label, type(e).__name__, e)


def take(it, n=12):
    return list(islice(it, n))


c = cycle('defg')
c.__setstate__((list('abc'), 0))
print('cycle mode 0', take(c, 20))
c = cycle('defg')
c.__setstate__((list('abcdefg'), 1))
print('cycle mode 1', take(c, 20))
c = cycle('defg')
c.__setstate__((list('abcdefg'), True))
print('cycle True', take(c, 20))
t('cycle list', cycle('x').__setstate__, [[], 0])
t('cycle tuple', cycle('x').__setstate__, ((), 0))
t('cycle str flag', cycle('x').__setstate__, ([], 'x'))
t('cycle empty', cycle('').__setstate__, ())
t('cycle one', cycle('').__setstate__, ([],))
t('cycle three', cycle('').__setstate__, ([], 1, 2))
t('cycle huge', cycle('').__setstate__, ([], 2 ** 70))
t('cycle no arg', cycle('').__setstate__)

# a protocol-0 pickle of cycle('abc') after two items, with the old int flag
old = (b"citertools\ncycle\n(c__builtin__\niter\n((lp0\nS'a'\np1\naS'b'\np2\naS'c'\np3\nap4\ntp5\nRp6\nI1\nb"
       b"tp7\nRp8\n(g0\nI1\ntp9\nb.")
print('cycle old pickle', take(pickle.loads(old), 10))

t('chain ()', chain().__setstate__, ())
t('chain []', chain().__setstate__, [])
t('chain 0', chain().__setstate__, 0)
t('chain ([],)', chain().__setstate__, ([],))
t('chain (it, [])', chain().__setstate__, (iter([]), []))
t('chain 3', chain().__setstate__, (iter([]), iter([]), 1))
it = chain()
it.__setstate__((iter(['abc', 'def']),))
print(list(it))
it = chain()
it.__setstate__((iter(['abc', 'def']), iter(['ghi'])))
print(list(it))

t('groupby []', groupby('').__setstate__, [])
t('groupby 2', groupby('').__setstate__, (1, 2))
t('groupby 4', groupby('').__setstate__, (1, 2, 3, 4))
g = groupby('xxyy')
g.__setstate__(('q', 'Q', 'p'))
print('groupby set', [(k, list(v)) for k, v in g])

T = type(tee('a')[0])
D = type(T(()).__reduce__()[2][0])
t('tee int', tee('a')[0].__setstate__, (1, 2))
t('tee list', tee('a')[0].__setstate__, [1, 2])
t('tee tee', tee('a')[0].__setstate__, (tee('a')[0], 2))
t('tee 58', tee('a')[0].__setstate__, (D(iter(''), [], None), 58))
t('tee -1', tee('a')[0].__setstate__, (D(iter(''), [], None), -1))
t('tee str', tee('a')[0].__setstate__, (D(iter(''), [], None), 'x'))
d = D(iter('xyz'), [1, 2], None)
for i in (0, 1, 2):
    x = T(())
    x.__setstate__((d, i))
    print('tee at', i, list(x))
t('data tuple', D, iter(''), (), None)
t('data next not full', D, iter(''), [1], D(iter(''), [], None))
t('data too long', D, iter(''), [1] * 58, None)
t('data bad next', D, iter(''), [1] * 57, 1)
t('data two', D, iter(''), [1])
t('data kw', lambda: D(iter(''), [], None, k=1))
full = D(iter('ab'), list(range(57)), D(iter('cd'), [57], None))
x = T(())
x.__setstate__((full, 55))
print('tee blocks', list(x))
t('_tee kw', lambda: T([], k=1))
t('_tee none', T)

G = type(next(groupby('a'))[1])
t('grouper int', G, 1, 2)
t('grouper 3', G, groupby(''), 2, 3)
t('grouper kw', lambda: G(groupby(''), k=2))
g = groupby('aab')
gr = G(g, 'a')
print('grouper made', list(gr), [(k, list(v)) for k, v in g])

t('perm list', permutations('abc').__setstate__, [])
t('perm 1', permutations('abc').__setstate__, ((),))
t('perm sizes', permutations('abc').__setstate__, ((), ()))
t('perm str', permutations('abc').__setstate__, ((1, 2, 3), (1, 2, 'x')))
t('perm list idx', permutations('abc').__setstate__, ([1, 2, 3], (1, 2, 3)))
p = permutations('abc')
p.__setstate__(((5, -1, 1), (9, 0, -4)))
print('perm clamped', list(p))
t('comb list', combinations('abc', 2).__setstate__, [])
t('comb str', combinations('abc', 2).__setstate__, (1, 'x'))
t('comb float', combinations('abc', 2).__setstate__, (1, 1.5))
c = combinations('abcd', 2)
c.__setstate__((-5, 10))
print('comb clamped', list(c))
c = combinations_with_replacement('abc', 2)
c.__setstate__((1, 9))
print('cwr clamped', list(c))
t('cwr size', combinations_with_replacement('abc', 2).__setstate__, (1,))
t('product float', product('abc').__setstate__, (1, 1.5))
t('product str', product('abc').__setstate__, ('x',))
p = product((1, 2), (3,))
p.__setstate__((0, 0x1000))
print('product clamped', next(p))
p = product((1, 2), (), (3,))
p.__setstate__((0, 0, 0x1000))
print('product empty', list(p))
t('islice str', islice('abc', 1).__setstate__, 'x')
t('islice big', islice('abc', 1).__setstate__, 2 ** 70)
t('dropwhile', dropwhile(bool, 'abc').__setstate__, 'x')
t('takewhile', takewhile(bool, 'abc').__setstate__, 0)
t('zip', zip('abc').__setstate__, 'x')
t('accumulate', accumulate('abc').__setstate__, 'x')
a = accumulate([1, 2, 3])
a.__setstate__(100)
print('accumulate total', list(a))
z = zip_longest('ab', 'xyz')
z.__setstate__('?')
print('zip_longest fill', list(z))
t('reduce args', count().__reduce__, 1)
t('setstate none', chain().__setstate__)


def is_even(x):
    return x % 2 == 0


# keyword arguments: refused unless a subclass has its own __init__
cases = [
    (repeat, (1, 2)),
    (zip, ([1, 2], 'ab')),
    (filter, (None, [0, 1])),
    (filterfalse, (None, [0, 1])),
    (chain, ([1, 2], [3, 4])),
    (map, (str, [1, 2])),
    (starmap, (operator.pow, ((2, 3), (3, 2)))),
    (islice, ([1, 2, 3, 4], 1, 3)),
    (takewhile, (is_even, [2, 3, 4])),
    (dropwhile, (is_even, [2, 3, 4])),
    (cycle, ([1, 2],)),
    (compress, ('ABC', [1, 0, 1])),
]
for cls, args in cases:
    class Sub(cls):
        pass

    class WithInit(cls):
        def __init__(self, *args, newarg=None):
            self.newarg = newarg

    class WithNew(cls):
        def __new__(cls, *args, newarg=None):
            self = super().__new__(cls, *args)
            self.newarg = newarg
            return self

    t(cls.__name__ + ' kw', lambda: cls(*args, newarg=3))
    t(cls.__name__ + ' sub kw', lambda: Sub(*args, newarg=3))
    t(cls.__name__ + ' init kw', lambda: (take(WithInit(*args, newarg=3), 3), WithInit(*args, newarg=3).newarg))
    t(cls.__name__ + ' new kw', lambda: (take(WithNew(*args, newarg=3), 3), WithNew(*args, newarg=3).newarg))
    s = Sub(*args)
    print('  subclass pickles', type(pickle.loads(pickle.dumps(s))) is Sub, take(pickle.loads(pickle.dumps(s)), 3))
