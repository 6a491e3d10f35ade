# Python converts ints to floats exactly where it matters: int / int is
# correctly rounded and int-float comparisons are exact, also beyond 2**53,
# where (double)x rounds. Compiled loops must agree (each loop runs
# thousands of times, with values on both sides of 2**53).
import math

N = 3000
BIG = 2 ** 53


def div_const(x):
    r = 0.0
    for i in range(N):
        r = x / 3
    return r


def div_var(x, y):
    r = 0.0
    for i in range(N):
        r = x / y
    return r


def div_sweep(base, y):
    # crosses +-2**53 half way: the fast path's guard fails, a bridge follows
    acc = []
    for i in range(N):
        q = (base + i) / y
        if i % 500 == 0 or (base + i) in (BIG - 1, BIG, BIG + 1, -BIG - 1):
            acc.append(q)
    return acc


def div_sweep_divisor(x, base):
    acc = []
    for i in range(N):
        q = x / (base + i)
        if i % 600 == 0:
            acc.append(q)
    return acc


for x in [1152921504606847009, BIG + 1, BIG + 3, -(BIG + 1), 2 ** 62 - 1, -(2 ** 62), 0, 7, -7, BIG, -BIG]:
    print("x/3", x, repr(div_const(x)))
for x, y in [(1152921504606847009, 3), (2 ** 62 - 1, 2 ** 61 + 1), (BIG + 1, BIG + 3), (10 ** 18, 7),
             (-(10 ** 18) - 1, 3), (12345, BIG + 1), (-1, 2 ** 62 - 1), (0, -5), (0, BIG + 7), (3, -BIG * 4 - 1)]:
    print("x/y", x, y, repr(div_var(x, y)))
print("sweep+", div_sweep(BIG - 1500, 3))
print("sweep-", div_sweep(-BIG - 1500, 7))
print("sweepd", div_sweep_divisor(10 ** 18 + 1, BIG - 1000))


def cmp_all(x, f):
    r = None
    for i in range(N):
        r = (x < f, x <= f, x == f, x != f, x > f, x >= f,
             f < x, f <= x, f == x, f != x, f > x, f >= x)
    return r


for x, f in [(BIG + 1, float(BIG)), (BIG, float(BIG)), (BIG - 1, float(BIG)), (BIG + 1, float(BIG + 2)),
             (-(BIG + 1), -float(BIG)), (2 ** 62 - 1, 2.0 ** 62), (2 ** 62 - 1, float(2 ** 62 - 1)),
             (-(2 ** 62), -(2.0 ** 62)), (3, 3.0), (3, 3.5), (-3, -3.5), (BIG + 1, BIG + 1.5),
             (5, float("nan")), (BIG + 1, float("nan")), (BIG + 1, float("inf")), (-(BIG + 1), float("-inf")),
             (10 ** 17 + 1, 1e17), (10 ** 17, 1e17)]:
    print("cmp", x, f, cmp_all(x, f))


def cmp_sweep(base, f):
    # the int crosses 2**53 while the loop runs
    n = [0, 0, 0]
    for i in range(N):
        x = base + i
        if x < f:
            n[0] += 1
        elif x == f:
            n[1] += 1
        else:
            n[2] += 1
    return n


print("cmp_sweep", cmp_sweep(BIG - 1500, float(BIG)), cmp_sweep(BIG - 1500, float(BIG + 2)),
      cmp_sweep(-BIG - 1500, -float(BIG)), cmp_sweep(BIG - 1500, BIG + 0.5))


def cmp_const(f):
    # constant ints: 2**60 is an exact double, 2**53 + 1 is not
    r = None
    for i in range(N):
        r = (f < 1152921504606846976, f == 1152921504606846976, f > 9007199254740993,
             f == 9007199254740993, 9007199254740993 <= f, -9007199254740993 < -f)
    return r


for f in [2.0 ** 60, 2.0 ** 53, 2.0 ** 53 + 2, 1.5, float(2 ** 60 + 2 ** 8)]:
    print("cmp_const", f, cmp_const(f))


def mixed(x, f):
    # int op float: CPython rounds the int to a double first, then operates
    r = None
    for i in range(N):
        r = (x + f, f + x, x - f, f - x, x * f, f * x, x / f, f / x, x // f, f // x, x % f, f % x)
    return r


for x, f in [(BIG + 1, 0.5), (BIG + 1, 1.0), (2 ** 62 - 1, 3.0), (-(BIG + 3), 0.25), (1152921504606847009, 3.0),
             (-1152921504606847009, -7.5), (BIG + 1, -BIG - 0.0)]:
    print("mixed", x, f, mixed(x, f))


def conv(x):
    r = None
    for i in range(N):
        r = (float(x), x ** 0.5, 2.0 ** (x % 64), x ** -1, math.sqrt(x), math.log(x), math.exp(-x % 10),
             abs(-x) / 2, -x / 2, math.fabs(-x), math.atan(x))
    return r


for x in [BIG + 1, BIG + 3, 2 ** 62 - 1, 1152921504606847009, 12345678901234567]:
    print("conv", x, conv(x))


def big_mixed(x, f):
    # ints beyond 63 bits meet floats too
    r = None
    for i in range(N):
        r = (x / 3, x < f, x == f, x > f, x + f, x / f, f / x)
    return r


for x, f in [(2 ** 64 + 1, 2.0 ** 64), (-(2 ** 70) - 1, -(2.0 ** 70)), (3 ** 45, 3.0 ** 45)]:
    print("big", x, f, big_mixed(x, f))


def changing(vals):
    # the operand's kind changes mid-loop: small int, big int, float
    out = []
    for v in vals:
        s = 0.0
        for i in range(1000):
            s = v / 3 + (v > 9007199254740992.5) + (v == 9007199254740993)
        out.append(s)
    return out


print("changing", changing([BIG + 1, 5, 2 ** 63 + 1, 2.5, BIG + 1, -(BIG + 1)]))
