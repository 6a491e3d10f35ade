def add_repr(cls):
    def __repr__(self):
        fields = ', '.join('%s=%r' % (k, v) for k, v in self.__dict__.items())
        return '%s(%s)' % (type(self).__name__, fields)
    cls.__repr__ = __repr__
    return cls

@add_repr
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
print(Point(1, 2), [Point('a', None)])

instances = {}
def singleton(cls):
    def get(*a):
        if cls not in instances:
            instances[cls] = cls(*a)
        return instances[cls]
    return get

@singleton
class Config:
    def __init__(self, v):
        self.v = v
a = Config(1)
b = Config(2)
print(a is b, a.v, type(Config).__name__)

class CountCalls:
    def __init__(self, fn):
        self.fn = fn
        self.calls = 0
    def __call__(self, *a):
        self.calls += 1
        return self.fn(*a)

@CountCalls
def add(a, b):
    return a + b
print(add(1, 2), add(3, 4), add.calls, type(add).__name__)

def with_id(start):
    def deco(cls):
        cls.next_id = start
        orig = cls.__init__
        def __init__(self, *a):
            self.id = cls.next_id
            cls.next_id += 1
            orig(self, *a)
        cls.__init__ = __init__
        return cls
    return deco

@with_id(100)
class Item:
    def __init__(self, name):
        self.name = name
print([(i.id, i.name) for i in (Item('x'), Item('y'), Item('z'))])
