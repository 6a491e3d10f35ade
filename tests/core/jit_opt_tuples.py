# Tuples built and unpacked in loops (virtual objects), tuples that
# escape into containers, tuples carried from one iteration to the next.


def fib(n):
    a, b = 0, 1
    for i in range(n):
        a, b = b, a + b
    return a


def gcd_sum(n):
    s = 0
    for k in range(1, n):
        a, b = k * 7, k * 3 + 1
        while b:
            a, b = b, a % b
        s += a
    return s


def escape(n):
    keep = []
    for i in range(n):
        t = (i, i * i)
        if i % 250 == 0:
            keep.append(t)
    return keep


def carried(n):
    t = (0, 1.5)
    for i in range(n):
        t = (t[0] + 1, t[1] * 1.001)
    return t[0], round(t[1], 6)


def nested(n):
    p = ((0, 0), 0)
    for i in range(n):
        (x, y), z = p
        p = ((y, z), x + i)
    return p


def swap3(n):
    a, b, c = 1, 2, 3
    for i in range(n):
        a, b, c = c, a, b + i
    return a, b, c


def compare_tuples(n):
    best = (0, 0)
    for i in range(n):
        cand = (i % 17, i)
        if cand > best:
            best = cand
    return best


print(fib(3000) % 1000000007)
print(gcd_sum(2000))
print(escape(3000))
print(carried(2000))
print(nested(3000))
print(swap3(3000))
print(compare_tuples(3000))
