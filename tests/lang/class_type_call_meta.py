# type(name, bases, ns, **kw) hands over to the bases' more derived metaclass
class Meta(type):
    def __new__(mcls, name, bases, ns, *, boundary=None, **kw):
        print("Meta.__new__", name, boundary, kw)
        return super().__new__(mcls, name, bases, ns, **kw)
class B(metaclass=Meta):
    pass
C = type("C", (B,), {}, boundary=3)
print(type(C).__name__, C.__bases__[0].__name__)
class M1(type): pass
class M2(type): pass
class X(metaclass=M1): pass
class Y(metaclass=M2): pass
try:
    type("Z", (X, Y), {})
except TypeError as e:
    print(e)
print(object.__subclasshook__(), object.__subclasshook__(int))
import enum
class Color(enum.Enum):
    RED = 1
    GREEN = 2
print(Color.RED, list(Color), Color(2), Color['RED'].value)
class F(enum.IntFlag):
    A = 1
    B = 2
print(F.A | F.B, repr(F.A | F.B))
print(enum.EnumCheck.UNIQUE)
