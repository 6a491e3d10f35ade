# bigint: arbitrary-precision integer arithmetic - a spigot computation
# of digits of pi (own version of the streaming algorithm), factorials
# and a Fibonacci by fast doubling.  Prints digit checksums.
import sys

N = 6500
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def pi_digits(count):
    # Gibbons-style unbounded spigot using the (q, r, t, k) state
    q = 1
    r = 0
    t = 1
    k = 1
    digits = []
    while len(digits) < count:
        # compose with the k-th term
        n = 2 * k + 1
        q, r, t = q * k, (2 * q + r) * n, t * n
        k += 1
        if q > r:
            continue
        d = (3 * q + r) // t
        if d == (4 * q + r) // t:
            digits.append(d)
            q, r = 10 * q, 10 * (r - d * t)
    return digits


def fact(n):
    p = 1
    for i in range(2, n + 1):
        p *= i
    return p


def fib_pair(n):
    # returns (F(n), F(n+1))
    if n == 0:
        return 0, 1
    a, b = fib_pair(n // 2)
    c = a * (2 * b - a)
    d = a * a + b * b
    if n % 2 == 0:
        return c, d
    return d, c + d


def digit_sum(v):
    # decimal digit sum and digit count via chunked divmod (str() of
    # huge ints is limited in CPython >= 3.11)
    chunk = 10 ** 12
    s = 0
    ndig = 0
    while v >= chunk:
        v, low = divmod(v, chunk)
        ndig += 12
        while low:
            s += low % 10
            low //= 10
    while v:
        s += v % 10
        v //= 10
        ndig += 1
    return s, ndig


def bench():
    report = []
    digits = pi_digits(N)
    h = 0
    for d in digits:
        h = (h * 10 + d) % 1000000007
    report.append("pi %s %s %s" % (digits[:10], len(digits), h))
    f = fact(N * 2)
    report.append("fact %s %s" % (digit_sum(f), f % 1000000007))
    a, b = fib_pair(N * 400)
    report.append("fib %s %s %s" % (a.bit_length(), a % 1000000007, (a ^ (b >> 7)) % 999999937))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
