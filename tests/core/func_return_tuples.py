# Returning tuples and unpacking them.
def divmod2(a, b):
    return a // b, a % b

q, r = divmod2(17, 5)
print(q, r)
t = divmod2(20, 6)
print(t, type(t).__name__)

def min_max(seq):
    lo = hi = seq[0]
    for x in seq:
        if x < lo:
            lo = x
        if x > hi:
            hi = x
    return lo, hi

lo, hi = min_max([3, 9, -2, 7])
print(lo, hi)

def nested():
    return 1, (2, 3), [4, 5]

a, (b, c), [d, e] = nested()
print(a, b, c, d, e)

def nothing():
    pass

def bare_return():
    return

print(nothing(), bare_return())

def swap(x, y):
    return y, x

x, y = 1, 2
x, y = swap(x, y)
print(x, y)

def single():
    return 5,

print(single())
(z,) = single()
print(z)

def stats(values):
    n = len(values)
    total = sum(values)
    return n, total, total / n

count, total, mean = stats([2, 4, 6, 8])
print(count, total, mean)
for i, (name, score) in enumerate([('a', 1), ('b', 2)]):
    print(i, name, score)
