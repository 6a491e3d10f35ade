class Box:
    def __init__(self, v):
        self.v = v
b = Box(0)
tot = 0
for i in range(40000):
    if i == 20000:
        b.v = 0.5
    if i == 30000:
        b.v = 'x'
    if isinstance(b.v, str):
        tot += len(b.v)
    else:
        b.v += 1
print(tot, b.v)
class A:
    def f(self): return 1
class B:
    def f(self): return 2
objs = [A()] * 10 + [B()] * 10
acc = 0
for i in range(40000):
    acc += objs[(i // 1000) % 20].f()
print(acc)
def get(o): return o.f()
A.f = lambda self: 100
print(get(A()), get(B()))
