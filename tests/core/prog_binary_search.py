# Binary search (iterative and recursive), lower/upper bounds.
def bsearch(a, x):
    lo = 0
    hi = len(a) - 1
    steps = 0
    while lo <= hi:
        steps += 1
        mid = (lo + hi) // 2
        if a[mid] == x:
            return mid, steps
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1, steps

def bsearch_rec(a, x, lo, hi):
    if lo > hi:
        return -1
    mid = (lo + hi) // 2
    if a[mid] == x:
        return mid
    if a[mid] < x:
        return bsearch_rec(a, x, mid + 1, hi)
    return bsearch_rec(a, x, lo, mid - 1)

def lower_bound(a, x):
    lo = 0
    hi = len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return lo

def upper_bound(a, x):
    lo = 0
    hi = len(a)
    while lo < hi:
        mid = (lo + hi) // 2
        if a[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo

data = []
for i in range(0, 300, 3):
    data.append(i)
for x in [0, 3, 150, 297, 298, -1, 1000, 151]:
    print(x, bsearch(data, x), bsearch_rec(data, x, 0, len(data) - 1))
dups = [1, 2, 2, 2, 3, 5, 5, 8]
for x in [0, 1, 2, 4, 5, 8, 9]:
    print(x, lower_bound(dups, x), upper_bound(dups, x), upper_bound(dups, x) - lower_bound(dups, x))

def isqrt(n):
    lo = 0
    hi = n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid - 1
    return lo
print(isqrt(0), isqrt(15), isqrt(16), isqrt(10 ** 30), isqrt(2 ** 127))
words = sorted('kiwi apple mango banana cherry date fig grape'.split())
print(words, bsearch(words, 'fig'), bsearch(words, 'lime'))
