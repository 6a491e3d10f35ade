# sample() has two algorithms (a pool for small populations, a set of
# indices for large ones); both must consume randomness as CPython does.
import random

random.seed(11)
print(random.sample(range(10), 3))
print(random.sample(range(10), 10))
print(random.sample(range(100), 5))
print(random.sample(range(1000), 6))
print(random.sample(range(10**6), 8))
print(random.sample(range(50), 20))
print(random.sample(range(21), 5), random.sample(range(22), 5))
print(random.sample('abcdefghijklmnopqrstuvwxyz', 7))
print(random.sample(('x', 'y', 'z'), 2), random.sample([], 0), random.sample([1, 2], 0))
print(random.sample(['red', 'blue'], counts=[4, 2], k=5))
print(random.sample(range(3), k=6, counts=[2, 3, 1]))
for k in (30, 100, 300):
    s = random.sample(range(400), k)
    print(k, s[:5], len(set(s)))
for bad in [lambda: random.sample(range(3), 4), lambda: random.sample(range(3), -1),
            lambda: random.sample({1, 2, 3}, 2), lambda: random.sample({'a': 1}, 1),
            lambda: random.sample('ab', 1, counts=[1]), lambda: random.sample('ab', 1, counts=[0, 0]),
            lambda: random.sample('ab', 1, counts=[1.5, 1])]:
    try:
        print(bad())
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(random.random())
