class Base:
    def __init__(self):
        self.log = []
    def __setattr__(self, k, v):
        if k != 'log':
            self.log.append(k)
        super().__setattr__(k, v)
class Child(Base):
    def __init__(self):
        super().__init__()
        self.a = 1
        self.b = 2
c = Child()
c.z = 3
print(c.log, c.a, c.b, c.z)
class Imm(tuple):
    def __new__(cls, a, b):
        return super().__new__(cls, (a, b))
    @property
    def a(self): return self[0]
i = Imm(1, 2)
print(i, i.a)
try:
    i.a = 5
except AttributeError as e:
    print(e)
o = object()
try:
    o.x = 1
except AttributeError as e:
    print(e)
try:
    object.__setattr__(5, 'x', 1)
except (AttributeError, TypeError) as e:
    print(type(e).__name__, e)
