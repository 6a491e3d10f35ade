class Point:
    def __new__(cls, x, y):
        print('new', cls.__name__)
        inst = super().__new__(cls)
        inst.created = True
        return inst
    def __init__(self, x, y):
        print('init')
        self.x, self.y = x, y
p = Point(1, 2)
print(p.created, p.x, p.y)
class Cached:
    _cache = {}
    def __new__(cls, key):
        if key not in cls._cache:
            cls._cache[key] = super().__new__(cls)
        return cls._cache[key]
    def __init__(self, key):
        self.key = key
print(Cached('a') is Cached('a'), Cached('a') is Cached('b'))
class Other:
    pass
class Returns:
    def __new__(cls):
        return Other()
    def __init__(self):
        print('never printed')
print(type(Returns()).__name__)
try:
    object.__new__(5)
except TypeError as e:
    print(e)
class NoArgs:
    pass
try:
    NoArgs(1)
except TypeError as e:
    print(e)
class InitOnly:
    def __init__(self, a):
        self.a = a
try:
    InitOnly()
except TypeError as e:
    print(e)
