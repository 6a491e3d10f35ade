class Base:
    def __init__(self, x):
        self.x = x
        print('Base init', x)
    def describe(self):
        return 'Base(%s)' % self.x
    @classmethod
    def make(cls, v):
        print('Base.make on', cls.__name__)
        return cls(v)

class Child(Base):
    def __init__(self, x, y):
        super().__init__(x)
        self.y = y
    def describe(self):
        return 'Child[' + super().describe() + ', y=%s]' % self.y
    @classmethod
    def make(cls, v):
        obj = super().make(v)
        return obj

class Child2(Base):
    def __init__(self, x):
        super(Child2, self).__init__(x * 2)
    def describe(self):
        return super(Child2, self).describe() + '!'
    @classmethod
    def make(cls, v):
        return super(Child2, cls).make(v + 1)

c = Child(1, 2)
print(c.describe())
c2 = Child2(5)
print(c2.describe())
print(Child2.make(1).describe())
class GC(Child2):
    pass
g = GC.make(3)
print(type(g).__name__, g.x)
print(type(super(Child2, c2)).__name__)
sup = super(Child, c)
print(sup.describe())
try:
    Child.make(1)
except TypeError as e:
    print(e)
