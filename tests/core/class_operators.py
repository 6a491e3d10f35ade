# Arithmetic dunders and their reflected forms.
class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return 'Vec(' + str(self.x) + ', ' + str(self.y) + ')'
    def __add__(self, other):
        if isinstance(other, Vec):
            return Vec(self.x + other.x, self.y + other.y)
        if isinstance(other, (int, float)):
            return Vec(self.x + other, self.y + other)
        return NotImplemented
    def __radd__(self, other):
        return self.__add__(other)
    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y)
    def __mul__(self, k):
        if isinstance(k, Vec):
            return self.x * k.x + self.y * k.y
        return Vec(self.x * k, self.y * k)
    def __rmul__(self, k):
        return Vec(self.x * k, self.y * k)
    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)
    def __floordiv__(self, k):
        return Vec(self.x // k, self.y // k)
    def __mod__(self, k):
        return Vec(self.x % k, self.y % k)
    def __pow__(self, k):
        return Vec(self.x ** k, self.y ** k)
    def __neg__(self):
        return Vec(-self.x, -self.y)
    def __pos__(self):
        return self
    def __abs__(self):
        return (self.x * self.x + self.y * self.y) ** 0.5
    def __eq__(self, other):
        return isinstance(other, Vec) and self.x == other.x and self.y == other.y

a = Vec(1, 2)
b = Vec(3, 4)
print(a + b, a - b, a * 3, 3 * a, a * b, b / 2, b // 2, b % 2, a ** 2)
print(-a, +a, abs(b), a + 1, 1 + a, a + 0.5)
print(sum([a, b, Vec(10, 10)]), sum([a, b], Vec(0, 0)))
c = a
c += b
print(c, a, c is a)
c -= Vec(1, 1)
c *= 2
print(c)
print(a == Vec(1, 2), a != Vec(1, 2), a == 5)
try:
    a + 'x'
except TypeError as e:
    print('TypeError:', e)
try:
    'x' + a
except TypeError as e:
    print('TypeError:', e)

class Money:
    def __init__(self, cents):
        self.cents = cents
    def __add__(self, other):
        return Money(self.cents + other.cents)
    def __iadd__(self, other):
        self.cents += other.cents
        return self
    def __lt__(self, other):
        return self.cents < other.cents
    def __repr__(self):
        return '$%d.%02d' % (self.cents // 100, self.cents % 100)
m = Money(150)
alias = m
m += Money(275)
print(m, alias, m is alias, m + Money(5), alias)
print(sorted([Money(300), Money(5), Money(120)]))

class Bits:
    def __init__(self, v):
        self.v = v
    def __and__(self, o):
        return Bits(self.v & o.v)
    def __or__(self, o):
        return Bits(self.v | o.v)
    def __xor__(self, o):
        return Bits(self.v ^ o.v)
    def __lshift__(self, n):
        return Bits(self.v << n)
    def __rshift__(self, n):
        return Bits(self.v >> n)
    def __invert__(self):
        return Bits(~self.v)
    def __rsub__(self, other):
        return Bits(other - self.v)
    def __rtruediv__(self, other):
        return other / self.v
    def __repr__(self):
        return 'Bits(' + bin(self.v) + ')'
x = Bits(0b1100)
y = Bits(0b1010)
print(x & y, x | y, x ^ y, x << 2, x >> 2, ~x, 20 - x, 6 / Bits(4))
