# Floats and ints boxed by compiled loops: values that leave the
# immediate encodings (|x| beyond about 1e77 or below 1e-77, inf, nan,
# ints beyond 2**62) take the boxing's slow path, a C call placed after
# the trace's code (emit_x64.c, add_cold_call()); every other value stays
# in its register across it. -0.0 and 0.0 stay immediate.
import math


def scale_walk(n, start, factor):
    # x runs from the immediate range out of it (or back), stored in a
    # list each iteration, with other floats and ints live meanwhile
    out = [0.0] * 4
    x = start
    a = 1.5
    b = -2.25
    k = 3
    trail = []
    for i in range(n):
        x = x * factor
        a = a + 0.5
        b = b - 0.25
        k = k + 1
        out[i % 4] = x
        trail.append(x)
    return out, a, b, k, trail


def show(xs):
    return [repr(v) for v in xs]


for start, factor in ((1.0, 1e10), (1.0, -1e10), (1.0, 1e-10), (-1.0, 1e-10),
                      (1e300, 1e10), (5e-324, 2.0), (1e-300, 1e10)):
    out, a, b, k, trail = scale_walk(1500, start, factor)
    print(start, factor, show(out), a, b, k)
    print(' ', show(trail[:40]))

# -0.0, inf and nan through list stores and reads in a loop
def signs(n):
    xs = [0.0, -0.0, math.inf, -math.inf, math.nan, 1e308, -1e-320]
    acc = []
    for i in range(n):
        v = xs[i % 7]
        w = v * -1.0
        xs[i % 7] = w
        acc.append(math.copysign(1.0, w))
    return xs, acc[-14:], sum(1 for s in acc if s < 0)

xs, tail, negs = signs(3000)
print(show(xs), tail, negs)

# float subclass instances are not small floats: their reads are guarded
class F(float):
    pass

def mixed_floats(n):
    vals = [1.0, F(2.0), 3.5, F(-0.0)]
    s = 0.0
    for i in range(n):
        v = vals[i % 4]
        s += v
        vals[i % 4] = v * 1.0
    return s, [type(v).__name__ for v in vals]

print(mixed_floats(2000))

# ints crossing 2**62 in a loop: the int boxing's slow path
def int_walk(n):
    x = 1
    y = 7
    keep = []
    for i in range(n):
        x = x * 3 + 1
        y = y + 2
        if x > 2 ** 70:
            x = x // 2 ** 40
        keep.append(x)
    return keep[-5:], y, sum(keep) % 1000003

print(int_walk(4000))

# int/float mixes feeding a stored float
def mixes(n):
    out = [0.0, 0.0, 0.0]
    for i in range(n):
        out[0] = i * 0.5 + out[0]
        out[1] = out[1] - i / 3
        out[2] = (i % 5) ** 2 * 1e75 * 1e3
    return out

print(show(mixes(2500)))

# a compiled float read whose value turns out not to be a float: the
# guard fails (an int: its tag; a float subclass, a boxed float, a str:
# through the guard's cold half) and the interpreter goes on
def sum_scaled(xs, n):
    s = 0.0
    for i in range(n):
        v = xs[i % len(xs)]
        s += v * 0.5
    return s

print(sum_scaled([1.5, 2.5, -0.0, 3.25], 3000))
print(sum_scaled([1.5, 2.5, 7, 3.25], 3000))
print(sum_scaled([1.5, F(2.5), 3.25, 1e300], 3000))
print(sum_scaled([1.5, True, 2 ** 70, -4], 3000))
try:
    print(sum_scaled([1.5, 2.5] * 700 + ['x'], 3000))
except TypeError as exc:
    print('TypeError', exc)
