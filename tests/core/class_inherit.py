# Single inheritance, overriding, super().__init__, isinstance with subclasses.
class Shape:
    sides = 0
    def __init__(self, name):
        self.name = name
    def area(self):
        return 0
    def describe(self):
        return self.name + ' with ' + str(self.sides) + ' sides and area ' + str(self.area())

class Rect(Shape):
    sides = 4
    def __init__(self, w, h):
        super().__init__('rect')
        self.w = w
        self.h = h
    def area(self):
        return self.w * self.h

class Square(Rect):
    def __init__(self, s):
        super().__init__(s, s)
        self.name = 'square'

class Triangle(Shape):
    sides = 3
    def __init__(self, b, h):
        Shape.__init__(self, 'triangle')
        self.b = b
        self.h = h
    def area(self):
        return self.b * self.h / 2
    def describe(self):
        return 'A ' + super().describe()

shapes = [Shape('blob'), Rect(2, 3), Square(4), Triangle(3, 5)]
for s in shapes:
    print(s.describe())
sq = shapes[2]
print(isinstance(sq, Square), isinstance(sq, Rect), isinstance(sq, Shape), isinstance(sq, Triangle))
print(issubclass(Square, Shape), issubclass(Triangle, Rect), type(sq).__name__)
print(sq.sides, Square.sides, Triangle.sides)

class Base:
    def hello(self):
        return 'base hello'
    def call_hello(self):
        return 'calling: ' + self.hello()

class Child(Base):
    def hello(self):
        return 'child hello'

print(Base().call_hello(), Child().call_hello())
print(Base.hello(Child()))

class A:
    def __init__(self):
        self.log = ['A']
class B(A):
    def __init__(self):
        super().__init__()
        self.log.append('B')
class C(B):
    def __init__(self):
        super().__init__()
        self.log.append('C')
print(C().log)

class NoInit(Rect):
    pass
n = NoInit(2, 5)
print(n.area(), n.name)
