# Loops over module globals (cells), rebinding a global the loop read as
# a constant, and instance attributes (map guards, cached fields).

total = 0
for i in range(3000):
    total += i % 13
print(total)

SCALE = 3


def scaled(n):
    s = 0
    for i in range(n):
        s += i * SCALE
    return s


print(scaled(2000))
SCALE = 5
print(scaled(2000))


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def walk(n):
    p = Point(0, 0.0)
    for i in range(n):
        p.x = p.x + 1
        p.y = p.y + p.x * 0.5
    return p.x, p.y


print(walk(3000))


def attr_type_change(n):
    p = Point(1, 2)
    acc = 0
    for i in range(n):
        acc += p.x + p.y
        if i == 1500:
            p.y = 2.5
    return acc


print(attr_type_change(3000))


def shared(n):
    a = Point(1, 1)
    b = a
    for i in range(n):
        a.x += 1
        b.x += 1
    return a.x, b.x


print(shared(2000))
counter = 0


def bump(n):
    global counter
    for i in range(n):
        counter += 2
    return counter


print(bump(1000), bump(1000))
