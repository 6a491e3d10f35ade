# Which operand's method runs first: a subclass on the right goes first
# only when it overrides the reflected method; three-argument pow() calls
# a class's __pow__ with the modulus (int subclasses too).
class C:
    def __floordiv__(self, other): return "C.__floordiv__"
    def __rfloordiv__(self, other): return "C.__rfloordiv__"
class D(C):
    def __floordiv__(self, other): return "D.__floordiv__"
    def __rfloordiv__(self, other): return "D.__rfloordiv__"
class E(C):
    pass
print(C() // D(), D() // C(), C() // E(), E() // C(), 1 // E(), E() // 1)

class I(int):
    def __repr__(self): return "I(%r)" % int(self)
    def __add__(self, other): return I(int(self) + int(other))
    __radd__ = __add__
    def __pow__(self, other, mod=None):
        return I(pow(int(self), int(other))) if mod is None else I(pow(int(self), int(other), int(mod)))
    def __rpow__(self, other, mod=None):
        return I(pow(int(other), int(self), mod))
print(I(1) + I(2), 1 + I(2), I(2) ** I(3), 2 ** I(3), pow(I(2), I(3), I(5)), pow(2, I(3), 5))

class J(int):
    pass
print(pow(J(3), 4, 5), type(pow(J(3), 4, 5)).__name__)

class Bad:
    def __pow__(self, other, mod=None):
        raise ValueError("no pow")
try:
    pow(Bad(), 2, 3)
except ValueError as e:
    print(e)
