class Shape:
    registry = {}
    @classmethod
    def register(cls, name):
        def deco(sub):
            cls.registry[name] = sub
            return sub
        return deco
    @classmethod
    def create(cls, name, *args):
        return cls.registry[name](*args)
    def area(self): raise NotImplementedError
@Shape.register('sq')
class Square(Shape):
    def __init__(self, s): self.s = s
    def area(self): return self.s ** 2
@Shape.register('rect')
class Rect(Shape):
    def __init__(self, w, h): self.w, self.h = w, h
    def area(self): return self.w * self.h
print(Shape.create('sq', 3).area(), Shape.create('rect', 2, 5).area())
print(sorted(Shape.registry))
try:
    Shape().area()
except NotImplementedError as e:
    print('NotImplementedError', repr(e))
class Tree:
    def __init__(self, v, *kids): self.v = v; self.kids = kids
    @classmethod
    def leaf(cls, v): return cls(v)
    @staticmethod
    def depth(t):
        return 1 + max((Tree.depth(k) for k in t.kids), default=0)
print(Tree.depth(Tree(1, Tree.leaf(2), Tree(3, Tree.leaf(4)))))
