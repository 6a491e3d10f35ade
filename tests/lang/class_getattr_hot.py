class Lazy:
    def __init__(self):
        self.hits = 0
    def __getattr__(self, name):
        self.hits += 1
        return len(name)
l = Lazy()
tot = 0
for i in range(30000):
    tot += l.abc if i % 2 else l.abcdef
print(tot, l.hits)
class Shape:
    def __init__(self, k):
        self.k = k
    def area(self):
        return self.k
class Sq(Shape):
    def area(self):
        return self.k * self.k
class Tri(Shape):
    def area(self):
        return self.k * self.k // 2
shapes = [Shape(3), Sq(3), Tri(3)]
s = 0
for i in range(60000):
    s += shapes[i % 3].area()
print(s)
class Prop:
    def __init__(self):
        self._x = 0
    @property
    def x(self):
        return self._x
    @x.setter
    def x(self, v):
        self._x = v
p = Prop()
for i in range(50000):
    p.x = p.x + i % 3
print(p.x)
