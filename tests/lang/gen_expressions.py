print(sum(x * x for x in range(10)))
print(any(x > 5 for x in [1, 2, 7]), all(x > 0 for x in [1, 0]))
print(list(c.upper() for c in 'abc'))
print(max(len(w) for w in ['a', 'abcd', 'ab']))
g = (i for i in range(3))
print(type(g).__name__, next(g), list(g), list(g))
print(sorted((x % 3, x) for x in range(7)))
print(dict((k, k * 2) for k in 'xy'))
print(tuple(x for x in range(20) if x % 3 == 0 if x % 2 == 0))
print(list((a, b) for a in range(3) for b in range(a)))
print(''.join(str(d) for d in range(5)))
print(sum(1 for _ in range(1000)))
x = 10
g = (x + i for i in range(3))
x = 100
print(list(g))
def firsts():
    its = [iter('abc'), iter('de')]
    return list(next(it) for it in its)
print(firsts())
try:
    list(1 / i for i in (1, 0))
except ZeroDivisionError as e:
    print(e)
try:
    (y for y in 5)
except TypeError as e:
    print(e)
print(min((v for v in []), default='empty'))
