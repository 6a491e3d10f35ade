# Float == and != whose result only a guard reads compile to ucomisd and
# two jumps (emit_x64.c, emit_float_eq_guard()): an unordered compare (a
# nan operand) sets ZF and PF, and must count as "not equal". Each loop
# runs long enough to be compiled, then meets the values that take the
# other branch: nan, +-0.0 (equal), inf, values that are no immediate
# floats (1e300, 5e-324, 2**-255), a zero divisor (the guard of `/`
# fails and the interpreter raises), ints mixed in.
import math

NAN = float('nan')
INF = float('inf')


def eq_counts(xs, ys):
    same = differ = 0
    for i in range(len(xs)):
        if xs[i] == ys[i]:
            same += 1
        else:
            differ += 1
    return same, differ


def ne_counts(xs, ys):
    same = differ = 0
    for i in range(len(xs)):
        if xs[i] != ys[i]:
            differ += 1
        else:
            same += 1
    return same, differ


def eq_flags(xs, k):
    # the comparison's result kept as a value (not fused), then a branch
    out = []
    for x in xs:
        b = x == k
        out.append(b)
        if b:
            out.append('hit')
    return out


specials = [NAN, 0.0, -0.0, INF, -INF, 1e300, 5e-324, 2.0 ** -255, 2.0 ** 257, 1.5, 3]
base = [float(i % 7) * 0.5 for i in range(3000)]
for s in specials:
    xs = base + [s, s, 1.0, s]
    for t in (s, 0.0, -0.0, NAN, 1.5, 3.0):
        ys = base + [t, 1.0, t, s]
        print(repr(s), repr(t), eq_counts(xs, ys), ne_counts(xs, ys))

print(eq_flags([0.5] * 2000 + [NAN, 0.0, -0.0, 0.5, INF], 0.0)[-6:])
print(eq_flags([0.5] * 2000 + [NAN, 0.0, -0.0, 0.5, INF], NAN)[-6:])


def ratios(ns, ds):
    out = 0.0
    for i in range(len(ns)):
        out += ns[i] / ds[i]
    return out


def safe_ratios(ns, ds):
    try:
        return ratios(ns, ds)
    except ZeroDivisionError as exc:
        return 'ZeroDivisionError: %s' % exc


ns = [1.0 + i for i in range(3000)]
for bad in (0.0, -0.0, NAN, INF, 5e-324, 1e300):
    ds = [2.0] * 3000
    ds[2500] = bad
    r = safe_ratios(ns, ds)
    print(repr(bad), r if isinstance(r, str) else (math.isnan(r), round(r, 3) if r == r else 'nan'))


def norm_loop(vs):
    # x / (d * sqrt(d)) as nbody: the divisor's zero guard on a computed value
    total = 0.0
    for v in vs:
        d = v * v
        total += 1.0 / (d * math.sqrt(d)) if d == d else 0.0
    return total


print(round(norm_loop([0.5 + i for i in range(3000)]), 9))
try:
    norm_loop([0.5 + i for i in range(3000)] + [0.0])
except ZeroDivisionError as exc:
    print('ZeroDivisionError:', exc)
print(norm_loop([0.5] * 3000 + [NAN]))
