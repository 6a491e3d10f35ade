# tpy-test: no-regen modes=default
# Builtins and operations of object-oriented code that compiled loops
# compute themselves, read through the compile hook: in the body of each
# peeled loop (after its second label) there is no residual call (call_r,
# call_i, call_n, call_assembler_r, nor call_pure_r, which the generic
# paths would use) and no allocation for: type(x) is C, isinstance,
# issubclass, abs, min/max of two ints or floats, int(f), float(i),
# getattr/hasattr with a constant name, len() of an instance whose class
# has a Python __len__, super().m() and super().__init__(),
# x ** 2 on floats and ints. tests/jit/oo_builtins checks their results.
from helper_loop_bodies import ALLOC, CALLS, collect_loop_bodies


bodies = collect_loop_bodies()

class Shape:
    def __init__(self, w):
        self.w = w
    def area(self):
        return self.w * 2
class Square(Shape):
    def __init__(self, w):
        super().__init__(w + 1)
    def area(self):
        return super().area() + 1

def types(n):
    s = 0
    sq = Square(1)
    for i in range(n):
        if type(sq) is Square:
            s += 1
        if isinstance(sq, Shape):
            s += 1
        if issubclass(Square, Shape):
            s += 1
    return s

def numbers(n):
    s = 0
    t = 0.0
    for i in range(n):
        x = i - 500
        s += abs(x) + min(x, 7) + max(i, 3) + int(x * 0.3)
        t += abs(x * 0.5) + min(t, 1.5) + max(0.5, x * 0.01) + float(i)
    return s, t

def attrs(n):
    s = 0
    o = Shape(3)
    for i in range(n):
        s += getattr(o, 'w')
        if hasattr(o, 'w'):
            s += 1
    return s

class Box:
    def __init__(self, k):
        self.k = k
    def __len__(self):
        return self.k

def lens(n):
    s = 0
    b = Box(5)
    for i in range(n):
        s += len(b)
    return s

def supers(n):
    s = 0
    for i in range(n):
        s += Square(i).area()
    return s

def powers(n):
    s = 0
    t = 0.0
    for i in range(n):
        x = i * 0.25
        t += x ** 2
        s += i ** 2
    return s, t

print(types(2000), numbers(2000), attrs(2000), lens(2000), supers(2000), powers(2000))

bodies.report('types', CALLS | ALLOC)
bodies.report('numbers', CALLS | ALLOC)
bodies.report('attrs', CALLS | ALLOC)
bodies.report('lens', CALLS | ALLOC)
bodies.report('supers', CALLS | ALLOC)
bodies.report('powers', CALLS | ALLOC)
