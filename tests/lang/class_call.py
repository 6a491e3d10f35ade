class Adder:
    def __init__(self, n): self.n = n
    def __call__(self, x, *rest, scale=1):
        return (self.n + x + sum(rest)) * scale
a = Adder(10)
print(a(1), a(1, 2, 3), a(1, scale=2), callable(a))
print(list(map(Adder(100), [1, 2])))
class NotCallable: pass
try:
    NotCallable()()
except TypeError as e:
    print(e)
class Meta:
    def __call__(self):
        return self
m = Meta()
print(m()()() is m)
class ClassCounter:
    made = 0
    def __new__(cls, *a):
        cls.made += 1
        return super().__new__(cls)
    def __init__(self, v):
        self.v = v
c1 = ClassCounter(1); c2 = ClassCounter(2)
print(ClassCounter.made, c1.v, c2.v)
class Weird:
    def __new__(cls):
        return 42
print(Weird())
class InitRet:
    def __init__(self):
        return 5
try:
    InitRet()
except TypeError as e:
    print(e)
