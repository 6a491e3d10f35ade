a, *rest = [1, 2, 3, 4]
print(a, rest)
*init, last = 'hello'
print(init, last)
first, *mid, end = range(6)
print(first, mid, end)
x, *y = [1]
print(x, y)
(p, q), *r = [(1, 2), 3, 4]
print(p, q, r)
a, (b, *c), d = 1, (2, 3, 4, 5), 6
print(a, b, c, d)
[h, *t] = (9, 8, 7)
print(h, t)
for head, *tail in [(1, 2, 3), (4,), 'ab']:
    print(head, tail)
try:
    a, *b, c = [1]
except ValueError as e:
    print(e)
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print(e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print(e)
try:
    a, b = 5
except TypeError as e:
    print(e)
*s, = {3: 0}
print(s)
x = y = z = [0]
print(x is z)
i, lst = 0, [10, 20]
i, lst[i] = 1, 99
print(i, lst)
