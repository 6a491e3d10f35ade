class Base:
    def step(self, x):
        return x + 1
class Mid(Base):
    def step(self, x):
        return super().step(x) * 2
class Top(Mid):
    def step(self, x):
        return super().step(x) - 3
t = Top()
v = 0
for i in range(50000):
    v = t.step(v) % 1000003
print(v)
class P:
    def __init__(self, a):
        self.a = a
class Q(P):
    def __init__(self, a, b):
        super().__init__(a)
        self.b = b
tot = 0
for i in range(30000):
    q = Q(i, 2)
    tot += q.a * q.b
print(tot)
