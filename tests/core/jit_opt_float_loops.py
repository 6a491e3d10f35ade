# Float loops: raw doubles in the optimized loop, boxed (large, tiny,
# infinite, NaN) and immediate floats, -0.0, and int/float mixing.
import math


def accumulate(n):
    total = 0.0
    i = 0
    while i < n:
        total += i * 2.5
        i += 1
    return total


def grow(n):
    x = 1.5
    out = []
    for i in range(n):
        x = x * 10.0
        if i % 50 == 49:
            out.append(x)
    return out


def shrink(n):
    x = 1.0
    for i in range(n):
        x = x / 3.0
    return x, x == 0.0


def neg_zero(n):
    z = -0.0
    for i in range(n):
        z = z * 1.0
    return z, math.copysign(1.0, z)


def nan_loop(n):
    x = float("nan")
    c = 0
    for i in range(n):
        if x != x:
            c += 1
        x = x + 1.0
    return c


def mixed(n):
    a = 0
    b = 0.0
    for i in range(n):
        a = a + i
        b = b + a / 3
        if i % 2:
            b = b - 1
    return a, round(b, 6)


def compare_chain(n):
    lo, hi = 0.0, 1.0
    for i in range(n):
        mid = (lo + hi) / 2
        if mid * mid < 0.5:
            lo = mid
        else:
            hi = mid
    return lo, hi


print(accumulate(10000))
print(grow(1500))
print(shrink(3000))
print(neg_zero(3000))
print(nan_loop(3000))
print(mixed(2000))
print(compare_chain(3000))
