class V:
    def __init__(self, x, y): self.x, self.y = x, y
    def __add__(self, o):
        if isinstance(o, V): return V(self.x + o.x, self.y + o.y)
        return NotImplemented
    def __radd__(self, o):
        if o == 0: return self
        return NotImplemented
    def __mul__(self, k): return V(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __neg__(self): return V(-self.x, -self.y)
    def __abs__(self): return (self.x ** 2 + self.y ** 2) ** 0.5
    def __iadd__(self, o):
        self.x += o.x; self.y += o.y
        return self
    def __repr__(self): return 'V(%r, %r)' % (self.x, self.y)
    def __lt__(self, o): return abs(self) < abs(o)
print(V(1, 2) + V(3, 4), 3 * V(1, 1), V(1, 1) * 3, -V(1, 2), abs(V(3, 4)))
print(sum([V(1, 0), V(0, 1), V(2, 2)]))
v = V(0, 0); w = v
v += V(1, 1)
print(v, w is v)
try:
    V(1, 1) + 5
except TypeError as e:
    print(e)
try:
    'a' + V(1, 1)
except TypeError as e:
    print(e)
print(sorted([V(3, 4), V(1, 0), V(0, 2)]))
print(V(1, 1) > V(0, 0))
try:
    V(1, 1) <= V(0, 0)
except TypeError as e:
    print(e)
class M:
    def __matmul__(self, o): return 'matmul'
    def __rmatmul__(self, o): return 'rmatmul'
print(M() @ 1, 1 @ M())
class Sub(V):
    def __radd__(self, o): return 'Sub.radd wins'
print(V(1, 1) + Sub(2, 2))
class Cmp:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == getattr(o, 'v', o)
    def __lt__(self, o): return self.v < o.v
    def __le__(self, o): return self.v <= o.v
print(Cmp(1) < Cmp(2), Cmp(2) > Cmp(1), Cmp(2) >= Cmp(2), Cmp(3) == 3)
