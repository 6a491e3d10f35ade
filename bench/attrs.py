# attrs: attribute reads and writes on instances in a loop, through
# methods and directly (a small particle system with a Vec class).
import sys

N = 1000
if len(sys.argv) > 1:
    N = int(sys.argv[1])


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def add(self, other):
        self.x += other.x
        self.y += other.y

    def scale(self, k):
        self.x *= k
        self.y *= k

    def dot(self, other):
        return self.x * other.x + self.y * other.y


class Particle:
    def __init__(self, i):
        self.pos = Vec(i * 1.0, (i * 7 % 13) * 1.0)
        self.vel = Vec(((i * 3) % 5 - 2) * 0.5, ((i * 11) % 7 - 3) * 0.25)
        self.mass = 1.0 + (i % 4)
        self.hits = 0

    def step(self, dt):
        p = self.pos
        v = self.vel
        p.x += v.x * dt
        p.y += v.y * dt
        if p.x < 0.0 or p.x > 100.0:
            v.x = -v.x
            self.hits += 1
        if p.y < 0.0 or p.y > 100.0:
            v.y = -v.y
            self.hits += 1

    def energy(self):
        return 0.5 * self.mass * self.vel.dot(self.vel)


class Counter:
    def __init__(self):
        self.count = 0
        self.total = 0

    def bump(self, v):
        self.count += 1
        self.total += v


def simulate(n, steps):
    parts = []
    for i in range(n):
        parts.append(Particle(i))
    gravity = Vec(0.0, -0.01)
    for s in range(steps):
        for p in parts:
            p.step(0.5)
            p.vel.add(gravity)
        if s % 50 == 0:
            for p in parts:
                p.vel.scale(0.999)
    e = 0.0
    hits = 0
    for p in parts:
        e += p.energy()
        hits += p.hits
    return e, hits


def counters(n):
    c = Counter()
    d = Counter()
    for i in range(n):
        c.bump(i & 7)
        d.count = d.count + c.count % 3
        d.total += c.total & 15
    return c.count, c.total, d.count, d.total


def bench():
    report = []
    e, hits = simulate(N, 3200)
    report.append("energy %.6f hits %d" % (e, hits))
    report.append("counters %s" % (counters(N * 3500),))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
