x = 'outer'
lst = [x for x in range(3)]
print(lst, x)
s = {y for y in 'ab'}
try:
    y
except NameError as e:
    print(e)
d = {k: v for k, v in [(1, 2)]}
try:
    k
except NameError as e:
    print(e)
def f():
    i = 'kept'
    r = [i for i in range(2)]
    return i, r
print(f())
def g():
    n = 3
    return [n * j for j in range(n)]
print(g())
r = [[i for i in range(3)] for i in range(2)]
print(r)
print([x for x in [x for x in 'ab']])
total = 5
print([total + t for t in range(3)])
