# Unpacking in assignments, loops and calls, with the error cases.
pairs = [(1, 'one'), (2, 'two'), (3, 'three')]
for num, word in pairs:
    print(num, word)
for (a, b), c in [((1, 2), 3), ((4, 5), 6)]:
    print(a + b + c)
x, y, z = 'abc'
print(x, y, z)
k, v = {'key': 'value'}.popitem()
print(k, v)
first, second = range(2)
print(first, second)
(a, b), (c, d) = [1, 2], (3, 4)
print(a, b, c, d)
[p, q] = (5, 6)
print(p, q)
m = n = (7, 8)
print(m is n, m)
i, j = j, i = 1, 2
print(i, j)
for bad in [[1, 2, 3], [1], 'abcd', (), 5, None]:
    try:
        u, w = bad
        print('ok', u, w)
    except ValueError as e:
        print('ValueError:', e)
    except TypeError as e:
        print('TypeError:', e)
try:
    for a, b in [(1, 2), (3, 4, 5)]:
        print(a, b)
except ValueError as e:
    print('in loop:', e)
try:
    (a, b), c = (1, 2, 3), 4
except ValueError as e:
    print('nested:', e)
def pair():
    return 1, 2, 3
try:
    a, b = pair()
except ValueError as e:
    print('from call:', e)
