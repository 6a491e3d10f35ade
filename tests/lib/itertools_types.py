import itertools
from itertools import count, repeat, chain, islice

for name in ['count', 'cycle', 'repeat', 'accumulate', 'chain', 'compress', 'dropwhile', 'takewhile',
             'filterfalse', 'starmap', 'groupby', 'islice', 'zip_longest', 'pairwise', 'product',
             'permutations', 'combinations', 'combinations_with_replacement']:
    t = getattr(itertools, name)
    print(name, t, t.__name__, t.__module__, type(t).__name__)
print(type(itertools.tee).__name__, itertools.chain.from_iterable.__name__)
class MyCount(count):
    def twice(self):
        return next(self) * 2
m = MyCount(5)
print(next(m), m.twice(), type(m).__name__, isinstance(m, count), m)
class Evens(count):
    def __new__(cls):
        return super().__new__(cls, 0, 2)
print(list(islice(Evens(), 4)))
class Chain(chain):
    pass
print(list(Chain('ab', 'c')), list(Chain.from_iterable(['xy'])), type(Chain.from_iterable([])).__name__)
class R(repeat):
    pass
print(R('q', 2), list(R('q', 2)))
it = iter(itertools.product('ab', repeat=2))
print(iter(it) is it, next(it), list(it))
for bad in [lambda: len(count()), lambda: count()[0], lambda: next(count().__iter__(), 0) + 'x',
            lambda: itertools.chain.from_iterable([1, 2]).__next__()]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
