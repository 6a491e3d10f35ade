class Base:
    def __init__(self):
        self._v = 1
    @property
    def v(self):
        return self._v
    @v.setter
    def v(self, val):
        self._v = val
class Child(Base):
    @property
    def v(self):
        return 'child ' + str(super().v)
    @v.setter
    def v(self, val):
        Base.v.fset(self, val * 10)
c = Child()
print(c.v)
c.v = 5
print(c.v, c._v)
class Computed:
    def __init__(self, items):
        self.items = items
    @property
    def count(self):
        return len(self.items)
    @property
    def total(self):
        return sum(self.items)
    @property
    def mean(self):
        return self.total / self.count
x = Computed([1, 2, 3, 6])
print(x.count, x.total, x.mean)
x.items.append(8)
print(x.mean)
p = Base.v
print(p.fget is not None, p.fset is not None, p.fdel)
print(isinstance(p, property))
class Override(Base):
    v = 'plain class attribute'
print(Override().v)
