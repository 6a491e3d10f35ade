# __eq__, __lt__, __le__, __gt__, __ge__, __hash__, sorting objects.
class Version:
    def __init__(self, major, minor):
        self.major = major
        self.minor = minor
    def key(self):
        return (self.major, self.minor)
    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self.key() == other.key()
    def __lt__(self, other):
        return self.key() < other.key()
    def __le__(self, other):
        return self.key() <= other.key()
    def __gt__(self, other):
        return self.key() > other.key()
    def __ge__(self, other):
        return self.key() >= other.key()
    def __hash__(self):
        return hash(self.key())
    def __repr__(self):
        return 'v' + str(self.major) + '.' + str(self.minor)

vs = [Version(1, 2), Version(0, 9), Version(1, 10), Version(1, 2), Version(0, 1)]
print(sorted(vs))
print(sorted(vs, reverse=True))
print(max(vs), min(vs))
a = Version(1, 2)
b = Version(1, 2)
c = Version(2, 0)
print(a == b, a is b, a != c, a < c, a <= b, c > a, c >= a, a > c)
print(a == 'v1.2', a != 5)
d = {a: 'first'}
d[b] = 'second'
print(d, len(d))
s = set(vs)
print(len(s), sorted(s))
print(a in vs, Version(9, 9) in vs, vs.index(b), vs.count(a))

class OnlyLt:
    def __init__(self, n):
        self.n = n
    def __lt__(self, other):
        return self.n < other.n
    def __repr__(self):
        return 'L' + str(self.n)

items = [OnlyLt(3), OnlyLt(1), OnlyLt(2)]
items.sort()
print(items, OnlyLt(5) > OnlyLt(4))

class NoHash:
    def __eq__(self, other):
        return True
try:
    hash(NoHash())
except TypeError as e:
    print('TypeError:', e)
print(NoHash() == 1, NoHash() != 1)

class Plain:
    pass
p = Plain()
q = Plain()
print(p == p, p == q, p != q)
try:
    p < q
except TypeError as e:
    print('TypeError:', e)
