# getattr/setattr/hasattr (with default), isinstance/issubclass (with tuples), type, callable.
class Point:
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x * self.x + self.y * self.y

class Point3(Point):
    dims = 3

p = Point(3, 4)
print(getattr(p, 'x'), getattr(p, 'dims'), getattr(p, 'z', 'no z'), getattr(Point, 'dims'))
print(hasattr(p, 'x'), hasattr(p, 'z'), hasattr(p, 'norm2'), hasattr(Point, 'x'))
setattr(p, 'z', 5)
setattr(p, 'x', 30)
print(p.z, p.x, hasattr(p, 'z'), getattr(p, 'norm2')())
for name in ['x', 'y', 'z', 'w']:
    print(name, getattr(p, name, None))
q = Point3(1, 1)
print(isinstance(q, Point), isinstance(q, Point3), isinstance(p, Point3), isinstance(q, (int, Point)))
print(issubclass(Point3, Point), issubclass(Point, Point3), issubclass(Point, Point), issubclass(bool, (str, int)))
print(isinstance(1, int), isinstance(True, int), isinstance(1.0, int), isinstance('s', (int, float)), isinstance(None, type(None)))
print(isinstance([], list), isinstance((), tuple), isinstance({}, dict), isinstance(set(), set), isinstance(1, object))
print(type(1), type('a'), type([]), type(None), type(p).__name__, type(Point).__name__)
print(type(1) is int, type(True) is int, type(q) is Point, type(q) == Point3)
print(type(len).__name__, type(p.norm2).__name__, type(Point.norm2).__name__)
print(callable(len), callable(p.norm2), callable(Point), callable(p), callable(1), callable('x'), callable(None))
print(type(int), type(type), int.__name__, str.__name__, list.__name__, Point3.__name__)
print(isinstance(int, type), isinstance(Point, type), issubclass(int, object))
t = type(p)
print(t(5, 6).norm2())
