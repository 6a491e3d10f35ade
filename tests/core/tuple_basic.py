# Tuples: packing, unpacking, nested unpacking, indexing, slicing, methods.
t = 1, 2, 3
print(t, type(t).__name__, len(t))
a, b, c = t
print(a, b, c)
x, y = y, x = 1, 2
print(x, y)
(p, q), r = (1, 2), 3
print(p, q, r)
(m, (n, o)), k = [[1, [2, 3]], 4]
print(m, n, o, k)
for i, (name, (lo, hi)) in enumerate([('a', (1, 2)), ('b', (3, 4))]):
    print(i, name, lo, hi)
print((1,), (), tuple(), tuple([1, 2]), tuple('ab'), ((1,),))
print(repr((1,)), repr(('a',)), str((None,)), (1, 2)[0], (1, 2, 3)[-1])
t = (5, 6, 7, 8, 9, 6)
print(t[1:3], t[::-1], t[::2], t[-2:], t[10:])
print(t.count(6), t.index(6), t.index(6, 2), t.count(100))
print(t + (1,), (0,) * 3, 6 in t, 100 not in t)
print((1, 2) < (1, 3), (1, 2) < (1, 2, 0), (2,) > (1, 9), (1, 'a') == (1, 'a'), () < (0,))
print((1, 2) == [1, 2], max((3, 1), (2, 9)), min((1, 2), (1,)))
print(hash((1, 2)) == hash((1, 2)), hash((1, (2, 3))) == hash((1, (2, 3))))
d = {(0, 0): 'origin', (1, 2): 'point'}
print(d[(0, 0)], d[1, 2], (1, 2) in d, d)
nested = ((1, 2), [3, 4])
nested[1].append(5)
print(nested)
try:
    hash(nested)
except TypeError as e:
    print('TypeError:', e)
first, second = 'ab'
print(first, second)
a = 1
b = 2
a, b = b, a
print(a, b)
a, b, c = range(3)
print(a, b, c)
