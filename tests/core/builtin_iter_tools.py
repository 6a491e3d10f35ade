# enumerate, zip, map, filter, reversed, iter/next.
names = ['ann', 'bob', 'cy']
for i, n in enumerate(names):
    print(i, n)
for i, n in enumerate(names, start=10):
    print(i, n)
print(list(enumerate('ab', -1)))
print(list(zip(names, [1, 2, 3], 'xyz')), list(zip()), list(zip([1, 2, 3])), list(zip('abc', range(2))))
def double(x):
    return x * 2
def add(a, b):
    return a + b
def is_even(n):
    return n % 2 == 0
print(list(map(double, [1, 2, 3])), list(map(add, [1, 2, 3], [10, 20])), list(map(str.upper, names)))
print(list(filter(is_even, range(10))), list(filter(None, [0, 1, False, 2, '', 'x'])))
print(list(reversed([1, 2, 3])), list(reversed('abc')), list(reversed((1, 2))), list(reversed(range(3))))
it = iter([10, 20, 30])
print(next(it), next(it), next(it), next(it, 'default'), next(it, None))
try:
    next(it)
except StopIteration as e:
    print('StopIteration', e.args)
s = iter('hi')
print(next(s), next(s), next(s, '!'))
m = map(double, [5, 6])
print(next(m), list(m), list(m))
z = zip([1, 2], [3, 4])
print(next(z), list(z))
e = enumerate('xy')
print(next(e), next(e), next(e, 'end'))
it2 = iter(range(3))
print(iter(it2) is it2, list(it2), list(it2))
d_it = iter({'k1': 1, 'k2': 2})
print(list(d_it))
print(type(iter([])).__name__, type(reversed([])).__name__, type(enumerate([])).__name__, type(zip()).__name__, type(map(abs, [])).__name__)
