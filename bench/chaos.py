# chaos: a chaos-game fractal generator in the object-oriented style of the
# classic benchmark (own code). Point objects expose their coordinates as
# float properties; Spline objects (uniform-knot B-splines of degree 3,
# evaluated by de Boor's recursion) bend three affine maps; the game picks a
# map with a weighted pseudo-random choice from its own generator, moves the
# point along the spline, and plots it into a grid. The checksum is taken
# over the grid's hit counts.
import math
import sys

N = 60000                  # points plotted
if len(sys.argv) > 1:
    N = int(sys.argv[1])

GRID = 96


class Rng:
    """A 48-bit linear congruential generator: the same numbers under
    every interpreter, unlike hash-seeded or C-library sources."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFF

    def next_float(self):
        self.state = (self.state * 0x5DEECE66D + 11) & 0xFFFFFFFFFFFF
        return (self.state >> 16) / 4294967296.0


class Point:
    def __init__(self, x, y):
        self._x = float(x)
        self._y = float(y)

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, value):
        self._x = float(value)

    @property
    def y(self):
        return self._y

    @y.setter
    def y(self, value):
        self._y = float(value)

    @property
    def norm(self):
        return math.sqrt(self._x * self._x + self._y * self._y)

    def plus(self, other):
        return Point(self._x + other.x, self._y + other.y)

    def times(self, k):
        return Point(self._x * k, self._y * k)

    def lerp(self, other, t):
        return Point(self._x + (other.x - self._x) * t,
                     self._y + (other.y - self._y) * t)


class Spline:
    """A clamped B-spline of degree 3 through its control points."""

    def __init__(self, points):
        self.points = points
        self.degree = 3
        count = len(points)
        inner = count - self.degree
        knots = [0.0] * (self.degree + 1)
        for i in range(1, inner):
            knots.append(i / float(inner))
        knots.extend([1.0] * (self.degree + 1))
        self.knots = knots

    def span(self, u):
        # the last span also owns u == 1.0
        k = self.knots
        top = len(self.points) - 1
        if u >= k[top + 1]:
            return top
        lo = self.degree
        hi = top + 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if u < k[mid]:
                hi = mid
            else:
                lo = mid
        return lo

    def at(self, u):
        s = self.span(u)
        p = self.degree
        d = []
        for j in range(p + 1):
            d.append(self.points[s - p + j])
        k = self.knots
        for r in range(1, p + 1):
            for j in range(p, r - 1, -1):
                left = k[s - p + j]
                right = k[s + 1 + j - r]
                if right == left:
                    alpha = 0.0
                else:
                    alpha = (u - left) / (right - left)
                d[j] = d[j - 1].lerp(d[j], alpha)
        return d[p]


class Transform:
    """An affine map towards `anchor`, then bent along a spline."""

    def __init__(self, anchor, ratio, spline, weight):
        self.anchor = anchor
        self.ratio = ratio
        self.spline = spline
        self.weight = weight

    def apply(self, point):
        moved = point.lerp(self.anchor, self.ratio)
        u = moved.x - math.floor(moved.x)
        bend = self.spline.at(u)
        return Point(moved.x + 0.08 * (bend.y - 0.5), moved.y + 0.08 * (bend.x - 0.5))


class ChaosGame:
    def __init__(self, transforms, seed):
        self.transforms = transforms
        total = 0.0
        for t in transforms:
            total += t.weight
        self.total_weight = total
        self.rng = Rng(seed)
        self.grid = [[0] * GRID for _ in range(GRID)]
        self.outside = 0

    def choose(self):
        r = self.rng.next_float() * self.total_weight
        for t in self.transforms:
            r -= t.weight
            if r < 0.0:
                return t
        return self.transforms[-1]

    def plot(self, point):
        gx = int(point.x * GRID)
        gy = int(point.y * GRID)
        if 0 <= gx < GRID and 0 <= gy < GRID:
            self.grid[gy][gx] += 1
        else:
            self.outside += 1

    def run(self, steps):
        point = Point(0.5, 0.5)
        for i in range(steps):
            point = self.choose().apply(point)
            if point.norm > 4.0:
                point = point.times(0.25)
            if i >= 20:
                self.plot(point)

    def checksum(self):
        filled = 0
        weighted = 0
        peak = 0
        for y in range(GRID):
            row = self.grid[y]
            for x in range(GRID):
                c = row[x]
                if c:
                    filled += 1
                    weighted = (weighted * 7 + c * (x + 1) + y) % 1000000007
                    if c > peak:
                        peak = c
        return filled, weighted, peak, self.outside


def make_game(seed):
    wave = Spline([Point(0.0, 0.2), Point(0.2, 0.9), Point(0.45, 0.1),
                   Point(0.6, 0.8), Point(0.8, 0.3), Point(1.0, 0.7)])
    arch = Spline([Point(0.0, 0.0), Point(0.3, 1.0), Point(0.7, 1.0),
                   Point(1.0, 0.0)])
    zigzag = Spline([Point(0.0, 0.5), Point(0.15, 0.0), Point(0.35, 1.0),
                     Point(0.5, 0.0), Point(0.65, 1.0), Point(0.85, 0.0),
                     Point(1.0, 0.5)])
    transforms = [
        Transform(Point(0.05, 0.05), 0.5, wave, 1.0),
        Transform(Point(0.95, 0.1), 0.5, arch, 1.0),
        Transform(Point(0.5, 0.92), 0.5, zigzag, 1.2),
    ]
    return ChaosGame(transforms, seed)


def bench():
    lines = []
    for seed in (1234, 98765):
        game = make_game(seed)
        game.run(N)
        lines.append("seed %d filled %d weighted %d peak %d outside %d"
                     % ((seed,) + game.checksum()))
    return "\n".join(lines)


if __name__ == "__main__":
    print(bench())
