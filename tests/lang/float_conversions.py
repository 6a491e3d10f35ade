# float(x) as CPython's PyNumber_Float (a subclass's __float__ first, str
# subclasses too), round() with any int for ndigits, float.fromhex's
# grammar, keywords for a subclass with its own __init__.
import warnings

class F(float):
    def __float__(self):
        return 42.0
class FooStr(str):
    def __float__(self):
        return float(str(self)) + 1
class Idx:
    def __index__(self):
        return 3
class Sub(float):
    pass
class ReturnsSub:
    def __float__(self):
        return Sub(1.5)
print(float(F(0.0)), float(FooStr("8")), float(Idx()), float(Sub(2.5)), type(float(Sub(2.5))).__name__)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(float(ReturnsSub()), [str(x.message)[:45] for x in w])
class Bad:
    def __float__(self):
        return ""
try:
    float(Bad())
except TypeError as e:
    print(e)

print(round(1.5, 2**100), round(1.5, -2**100), round(123.456, 10**30), round(-0.0, 2**70))

for t in ["1.5", "0x1.8p1", " 0x1p0 ", "-inf", "Infinity", "nan", "0x1p0\x00 0x1p0", "0x", "1p", "x1",
          "0x1p99999", "\f0x1.0\v", "-0x.8", "+1.", "1 2", "infi", "0X1P-1074"]:
    try:
        print(repr(t), float.fromhex(t))
    except (ValueError, OverflowError) as e:
        print(repr(t), type(e).__name__, e)

class WithInit(float):
    def __init__(self, arg, newarg=None):
        self.newarg = newarg
u = WithInit(2.5, newarg=3)
print(u, u.newarg)
for f in (lambda: float(x=1), lambda: Sub(x=0)):
    try:
        f()
    except TypeError as e:
        print(e)
