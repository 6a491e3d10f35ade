# Property getters written in Python are inlined into traces, and
# isinstance() with known classes is answered from the guarded type: both
# must stay right when the class, the getter or the object's type changes.
class Point:
    def __init__(self, x, y):
        self._x = x
        self._y = y
    @property
    def x(self):
        return self._x
    @property
    def y(self):
        return self._y * 2

class Sub(Point):
    pass

class Fake:
    __class__ = Point      # isinstance(Fake(), Point) is True by __class__

def run(objs, n):
    total = 0
    hits = 0
    for i in range(n):
        o = objs[i % len(objs)]
        if isinstance(o, Point):
            total += o.x + o.y
            hits += 1
        elif isinstance(o, (int, float)):
            total += o
        if isinstance(o, (str, bytes)):
            total -= 1
    return total, hits

print(run([Point(1, 2)], 3000))
print(run([Point(1, 2), Sub(3, 4), 5, 2.5, "s"], 3000))
print(sum(isinstance(o, Point) for o in [Fake(), Point(1, 2), 3] * 1000))
try:
    print(run([Fake()], 3))
except AttributeError as e:
    print("AttributeError", e)

# the getter's class changes: a new property, then the old one again
old = Point.x
Point.x = property(lambda self: -self._x)
print(run([Point(1, 2)], 3000))
Point.x = old
print(run([Point(1, 2)], 3000))
# the getter raises: the interpreter's AttributeError
class Lazy:
    @property
    def v(self):
        if self.k > 2500:
            raise ValueError("too far")
        return self.k
l = Lazy()
s = 0
try:
    for k in range(3000):
        l.k = k
        s += l.v
except ValueError as e:
    print(s, e)
# bool and int subclasses
print(sum(isinstance(v, int) for v in [True, 1, 2.0, None] * 500))
