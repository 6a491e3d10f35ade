class A:
    __add__ = None
    __rsub__ = None
    __imul__ = None
    def __mul__(self, o): return 'mul'
for f in (lambda: A()+1, lambda: 1-A(), lambda: A()-1):
    try: print(f())
    except TypeError as e: print('TE', e)
x = A()
try:
    x *= 2; print(x)
except TypeError as e: print('TE', e)
class A:
    __iadd__ = None
    def __add__(self, o): return 'add'
class B:
    def __iadd__(self, o): return 'iadd'
n = 0
for i in range(3000):
    x = A() if i % 1000 == 999 else B()
    try:
        x += 1
    except TypeError as e:
        n += 1
print(n)

# classmethod over a descriptor: the class is both instance and owner
from types import MethodType
class Wrap:
    def __init__(self, f): self.f = f
    def __get__(self, inst, owner=None):
        return MethodType(self.f, owner if owner is not None else type(inst))
class C:
    @classmethod
    @Wrap
    def g(cls): return cls
print(C.g() is C, C().g() is C)
