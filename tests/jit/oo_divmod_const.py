# Int // and % by constant divisors in hot loops (int_py_floordiv /
# int_py_mod; powers of two become shifts and masks): the results for
# both signs, zero, the ends of the immediate int range, values that leave
# it (big ints: the guards fail, bridges take over), negative and large
# divisors, and // and % of the same value. Compared with CPython's output.
# (Written for a multiply-by-magic-number rewrite that was measured slower
# than idiv on this machine's CPU and dropped: see docs/jit.md.)
import zlib

EDGES = [0, 1, -1, 2, -2, 5, -5, 6, -6, 7, -7, 999, -999, 1000, -1000,
         2**31 - 1, -2**31, 2**32 + 3, -2**32 - 3, 2**61 - 1, -2**61,
         2**62 - 1, -2**62, 2**62, -2**62 - 1, 2**63 - 1, -2**63, 2**64 + 5,
         -2**70 - 9, 12345678901234567, -12345678901234567]


def by_constants(xs):
    h = 0
    for x in xs:
        a = x // 3, x % 3, x // 5, x % 5, x // 6, x % 6, x // 7, x % 7
        b = x // 10, x % 10, x // 1000, x % 1000, x // 1000000007, x % 1000000007
        c = x // 12345, x % 12345, x // (2**40 + 1), x % (2**40 + 1)
        d = x // (2**62 - 1), x % (2**62 - 1), x // -3, x % -3, x // -7, x % -7
        h = zlib.crc32(repr((a, b, c, d)).encode(), h)
    return h


def sums(n):
    s = 0
    t = 0
    for i in range(-n, n):
        s += i % 3 + i // 7 * 2 + (i * 1000003) % 1000 - (i * 77777777777) // 12345
        t = (t * 31 + i % 11) % 1000000007
    return s, t


def mixed(xs):
    out = []
    for k in range(60):
        for x in xs:
            y = x * (k - 30)
            out.append(y % 9 + y // 9)
    return zlib.crc32(repr(out).encode())


def index_by_mod(n):
    table = [10, 20, 30, 40, 50, 60, 70]
    s = 0
    for i in range(-n, n):
        s += table[i % 7] + table[(i // 3) % 7]
    return s


for rep in range(3):
    print(by_constants(EDGES * 40))
    print(by_constants(list(range(-2000, 2000))))
print(sums(20000))
print(mixed(EDGES))
print(mixed([3, -4, 10**20, 7]))
print(index_by_mod(5000))
for x in EDGES:
    print(x, x // 3, x % 3, x // 1000000007, x % 1000000007, x // -7, x % -7)
