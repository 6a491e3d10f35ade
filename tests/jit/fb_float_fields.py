# Float instance fields and list items read, updated and compared in hot
# loops (bench/attrs.py's pattern), with the values that take the other
# paths of the compiled code: a field that turns from float to int, str,
# None or another object mid-loop; nan, -0.0, inf; magnitudes that are no
# immediate floats (1e300, 5e-324, 2**-255, 2**257); a float subclass; an
# instance whose class changes; guards that fail right after a stored
# field was read back. Branches on float and int comparisons fail often
# enough to grow bridges, which then take the comparison's result as an
# input (the guard's stub writes it: emit_x64.c, StubValue).
import math

NAN = float('nan')
INF = float('inf')


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        self.x += other.x
        self.y += other.y


class Vec2(Vec):
    pass


class F(float):
    pass


def show(v):
    if isinstance(v, float):
        if math.isnan(v):
            return 'nan'
        return repr(v) + ('/neg' if math.copysign(1.0, v) < 0 else '')
    return type(v).__name__ + ':' + repr(v)


def bounce(ps, vs, steps, lo, hi):
    hits = 0
    for s in range(steps):
        for i in range(len(ps)):
            p = ps[i]
            v = vs[i]
            p.x += v.x
            if p.x < lo or p.x > hi:      # read back right after the store
                v.x = -v.x
                hits += 1
            if p.y != p.y:                  # nan
                hits += 1000
            elif p.y == 0.0:                # +-0.0
                hits += 100
    return hits


def run_bounce(special_at, special):
    ps = [Vec(float(i), 1.0) for i in range(5)]
    vs = [Vec(0.75, 0.0) for i in range(5)]
    out = []
    try:
        for rnd in range(4):
            if rnd == special_at:
                ps[2].y = special
                vs[3].x = special
            out.append(bounce(ps, vs, 300, 0.0, 10.0))
    except TypeError as exc:
        out.append('TypeError: %s' % exc)
    return out, [show(p.x) for p in ps], [show(v.x) for v in vs]


for special in (NAN, -0.0, 0.0, INF, -INF, 1e300, 5e-324, 2.0 ** -255, 2.0 ** 257,
                F(2.5), 3, 2 ** 70, True, 'str', None):
    print(show(special), run_bounce(1, special))


def accumulate(objs, n):
    # add() inlined; the argument's class changes in the last rounds
    acc = Vec(0.0, 0.0)
    for k in range(n):
        for o in objs:
            acc.add(o)
    return show(acc.x), show(acc.y)


objs = [Vec(0.5, -0.25), Vec(1.5, 0.125)]
print(accumulate(objs, 2000))
objs[1].__class__ = Vec2
print(accumulate(objs, 50))
objs[0].x = 7
print(accumulate(objs, 50))
objs[0].y = -0.0
objs[1].y = 0.0
print(accumulate(objs, 50))
objs[0].x = 1e300
objs[1].x = 1e300
print(accumulate(objs, 50))


def items(rows, n):
    # list items as nbody: read, update, store back, compare
    flips = 0
    for k in range(n):
        for r in rows:
            r[0] += r[1]
            if r[0] >= 4.0:
                r[1] = -r[1]
                flips += 1
            elif r[0] <= -4.0:
                r[1] = -r[1]
                flips -= 1
    return flips, [[show(x) for x in r] for r in rows]


rows = [[0.0, 0.5], [1.0, -0.25], [-2.0, 0.125]]
print(items(rows, 1000))
rows[1][1] = NAN
print(items(rows, 20))
rows[1] = [0.0, 5e-324]
print(items(rows, 20))
rows[2][0] = 'x'
try:
    print(items(rows, 20))
except TypeError as exc:
    print('TypeError:', exc)


def int_branches(n, limit):
    # int comparisons whose guards' snapshots hold their result; limit
    # changes which way they go
    a = b = 0
    for i in range(n):
        if i < limit:
            a += 1
        if i % 3 == 1:
            b += 2
        if i >= limit and i != n - 1:
            b -= 1
    return a, b


for limit in (0, 1, 500, 999, 1000, 5000):
    print(limit, int_branches(1000, limit))
