# `x is None` / `x is not None` on values the trace holds unboxed: a
# method returning a float or None (a ray tracer's intersect), an int or
# None, a bool or None; the optimizer answers the test without boxing
# (opt_virtualize.c box_differs_from). The values switch between the
# kinds and None in the middle of hot loops, and other objects come back
# (a str, a float subclass, a big int), so the guards fail and bridges
# take over. Compared with CPython's output.


class Shape:
    def __init__(self, r):
        self.r = r

    def hit(self, x):
        d = self.r * self.r - x * x
        if d < 0.0:
            return None
        return d ** 0.5


class MyFloat(float):
    pass


def nearest(shapes, n):
    count = 0
    best_sum = 0.0
    for i in range(n):
        x = (i % 50) * 0.1
        best = 1e30
        for s in shapes:
            t = s.hit(x)
            if t is not None and t < best:
                best = t
            if None is t:
                count += 1
        best_sum += best if best < 1e30 else 0.0
    return count, round(best_sum, 6)


def int_or_none(i):
    if i % 3 == 0:
        return None
    return i * 7


def bool_or_none(i):
    if i % 5 == 0:
        return None
    return i % 2 == 0


def mixed(n):
    a = b = c = 0
    for i in range(n):
        v = int_or_none(i)
        if v is not None:
            a += v
        w = bool_or_none(i)
        if w is None:
            b += 1
        elif w:
            b += 2
        u = i * 0.5 if i % 4 else None
        if i > n // 2 and i % 7 == 0:
            u = 'str' if i % 2 else MyFloat(i)
        if i > 3 * n // 4 and i % 11 == 0:
            v = 2 ** 70 + i
        if u is not None and v is not None:
            c += 1
        if u is None or v is None:
            c += 10
    return a, b, c


shapes = [Shape(1.0), Shape(2.5), Shape(4.0)]
for rep in range(3):
    print(nearest(shapes, 2000))
shapes.append(Shape(3))      # an int radius: int arithmetic, other guards
print(nearest(shapes, 2000))
print(mixed(4000))
