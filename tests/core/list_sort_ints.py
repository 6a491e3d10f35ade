# list.sort() and sorted() of small ints (a fast path): every size around
# the run and merge boundaries, both directions, extreme values, mixed types.
import random
random.seed(5)
for n in [0, 1, 2, 5, 23, 24, 25, 47, 48, 49, 50, 100, 1000, 5000]:
    for trial in range(3):
        xs = [random.randint(-50, 50) for _ in range(n)]
        if trial == 1: xs = [random.randint(-2**62, 2**62 - 1) for _ in range(n)]
        if trial == 2: xs = sorted(xs)[::-1]
        a = sorted(xs); b = sorted(xs, reverse=True)
        c = list(xs); c.sort(); d = list(xs); d.sort(reverse=True)
        assert a == c and b == d and b == a[::-1], n
        assert all(a[i] <= a[i+1] for i in range(len(a)-1))
        print(n, trial, sum(a[i] * (i + 1) for i in range(len(a))) % 1000003)
print(sorted([3, 2**70, 1]), sorted([True, 2, 1, False]), sorted([5, 3.5, 1]))
