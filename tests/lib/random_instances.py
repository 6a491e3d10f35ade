import random

a = random.Random(1)
b = random.Random(1)
c = random.Random(2)
print(a.random() == b.random(), a.random() == c.random())
print([a.randint(1, 100) for _ in range(5)], [b.randint(1, 100) for _ in range(5)])
random.seed(1)
print(random.random() == random.Random(1).random())

# module functions share one hidden instance
random.seed(77)
x = random.random(), random.randint(0, 9), random.choice('abc')
r = random.Random(77)
print(x == (r.random(), r.randint(0, 9), r.choice('abc')))

# subclass overriding random(): integers come from random() alone
class Fixed(random.Random):
    def random(self):
        return 0.5
f = Fixed(3)
print(f.randint(1, 10), f.choice('abcd'), f.randrange(100), f.uniform(0, 10), f._randbelow.__name__)
l = [1, 2, 3, 4]
f.shuffle(l)
print(l)

# subclass overriding getrandbits()
class Bits(random.Random):
    def __init__(self):
        super().__init__(0)
        self.n = 0
    def getrandbits(self, k):
        self.n += 1
        return (self.n * 2654435761) % (1 << k) if k else 0
g = Bits()
print([g.randrange(10) for _ in range(8)], Bits._randbelow.__name__)

# subclass that keeps the core generator
class Counting(random.Random):
    calls = 0
    def pick(self):
        Counting.calls += 1
        return self.randint(1, 6)
cg = Counting(10)
print([cg.pick() for _ in range(5)], Counting.calls, cg.random() == random.Random(10).random() is False)

print(random.Random(5).randbytes(8), len(random.randbytes(3)), random.Random(5).getrandbits(64).to_bytes(8, 'little'))
print(isinstance(a, random.Random), type(a).__name__, random.Random.__module__)
s = random.SystemRandom()
v = s.random()
print(0.0 <= v < 1.0, 0 <= s.randrange(10) < 10, s.getrandbits(0), len(s.randbytes(4)))
try:
    s.getstate()
except NotImplementedError as e:
    print('NotImplementedError', e)
