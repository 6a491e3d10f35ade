# Reading floats from lists and storing floats into them in compiled loops:
# every read is a float guard and an unbox, every store a box. The items
# and results cover both encodings (value.h): small floats (immediate) and
# everything the immediate cannot hold (huge, tiny, subnormal, inf, nan,
# the +-2**-255 pair), plus +-0.0, so the guard's and the unbox's cold
# paths (a FloatObject) and the box's slow path all run inside the loops;
# and lists whose items change type mid-loop (ints, strings, None).
import math

specials = [1.5, -0.0, 0.0, 1e100, -1e300, 1e-300, 5e-324, math.inf, -math.inf,
            2.0 ** -255, -(2.0 ** -255), 2.0 ** 257, 2.0 ** 256, 1e77, 1e-77, 3.0]


def show(x):
    return repr(x) if isinstance(x, float) else repr(x)


def scaled(lst, k, rounds):
    # reads (guard + unbox) and stores (box) of the same list
    out = lst[:]
    for r in range(rounds):
        for i in range(len(out)):
            out[i] = out[i] * k
        for i in range(len(out)):
            out[i] = out[i] / k
    return out


print([show(x) for x in scaled(specials, 2.0, 200)])
print([show(x) for x in scaled(specials, 1e300, 50)])
print([show(x) for x in scaled(specials, 1e-300, 50)])


def dot(a, b):
    s = 0.0
    for i in range(len(a)):
        s += a[i] * b[i]
    return s


vals = [float(i) * 0.5 for i in range(40)]
for r in range(100):
    d = dot(vals, vals)
print(d)
vals[7] = 1e200
print(dot(vals, vals))
vals[8] = math.nan
print(dot(vals, vals))
vals[7] = 7       # an int among floats
vals[8] = 8.0
print(dot(vals, vals))


def signs(n):
    # results that are -0.0 and +0.0 stored and read back
    lst = [0.0] * 8
    for r in range(n):
        for i in range(8):
            lst[i] = -lst[i] if i % 2 else lst[i] * -1.0
    return [math.copysign(1.0, x) for x in lst]


print(signs(201), signs(200))


def mutate(n):
    # the list stops holding floats mid-loop: an int, a string, None
    lst = [1.0, 2.0, 3.0, 4.0]
    log = []
    for r in range(n):
        try:
            lst[r % 4] = lst[r % 4] + 0.5
        except TypeError as e:
            log.append((r, str(e)))
            lst[r % 4] = 0.25
        if r == 300:
            lst[1] = 5
        if r == 400:
            lst[2] = 'x'
        if r == 500:
            lst[3] = None
    return lst, log


print(mutate(800))


def nested(n):
    # a list of lists, the same list twice (aliasing)
    row = [1.0, 2.0]
    grid = [row, row, [3.0, 4.0]]
    for r in range(n):
        for g in grid:
            g[0] += g[1] * 0.001
    return grid, grid[0] is grid[1]


print(nested(300))
