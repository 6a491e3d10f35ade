# Calls on objects of different classes; the mix changes over time.
class Circle:
    def __init__(self, r):
        self.r = r
    def area(self):
        return 3 * self.r * self.r

class Square:
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s * self.s

class Tri:
    def __init__(self, b, h):
        self.b = b
        self.h = h
    def area(self):
        return self.b * self.h / 2

shapes = []
for i in range(30000):
    if i < 10000:
        shapes.append(Circle(i % 10))
    elif i < 20000:
        if i % 2:
            shapes.append(Square(i % 10))
        else:
            shapes.append(Circle(i % 10))
    else:
        k = i % 3
        if k == 0:
            shapes.append(Tri(i % 10, 3))
        elif k == 1:
            shapes.append(Square(i % 10))
        else:
            shapes.append(Circle(i % 10))
total = 0
for s in shapes:
    total += s.area()
print(total, type(total).__name__)

def describe(x):
    return len(str(x))
acc = 0
for i in range(20000):
    if i < 5000:
        acc += describe(i)
    elif i < 10000:
        acc += describe(i / 4)
    elif i < 15000:
        acc += describe([i])
    else:
        acc += describe(None)
print(acc)
