# hash of ints and equal values, id comparisons, is vs ==.
print(hash(1) == hash(1.0) == hash(True), hash(0) == hash(0.0) == hash(False))
print(hash(42), hash(-7), hash(0), hash(10 ** 6))
print(hash(2.0) == hash(2), hash(-3.0) == hash(-3), hash(1.5) == hash(1.5))
print(hash((1, 2)) == hash((1.0, 2.0)), hash(()) == hash(()))
print(type(hash(10 ** 30)).__name__, hash(10 ** 30) == hash(10 ** 30))
a = [1, 2]
b = a
c = [1, 2]
print(id(a) == id(b), id(a) == id(c), a is b, a is c, a == c)
x = None
print(x is None, id(x) == id(None), type(id(a)).__name__)
def f():
    pass
g = f
print(id(f) == id(g), f is g)
s = 'hello'
t = s
print(id(s) == id(t))
class K:
    pass
k1 = K()
k2 = K()
print(k1 is k2, k1 == k2, k1 == k1, id(k1) == id(k1), id(k1) != id(k2))
print(hash(k1) == hash(k1))
