class Bag:
    items = []
    def add(self, x):
        self.items.append(x)
b1 = Bag(); b2 = Bag()
b1.add(1); b2.add(2)
print(b1.items, b2.items, Bag.items, b1.items is b2.items)
class Counter:
    total = 0
    def __init__(self):
        Counter.total += 1
        self.id = Counter.total
cs = [Counter() for _ in range(3)]
print([c.id for c in cs], Counter.total)
class Inc:
    n = 0
    def bump(self):
        self.n += 1
i = Inc(); i.bump(); i.bump()
print(i.n, Inc.n)
class Base:
    x = 1
class Derived(Base):
    pass
Base.x = 2
print(Derived.x)
Derived.x = 3
print(Base.x, Derived.x)
del Derived.x
print(Derived.x)
try:
    del Derived.x
except AttributeError as e:
    print(e)
