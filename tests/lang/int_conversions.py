# int(x) as CPython's PyNumber_Long (an override of __int__ in a subclass
# of int or float wins; a subclass of int returned is deprecated), int()
# bases given by __index__ or out of range, and the digit limit for
# every base that is not a power of two.
import warnings

class MyInt(int):
    def __int__(self):
        return 42
class MyFloat(float):
    def __int__(self):
        return 5
class Plain(int):
    pass
class S(str):
    pass
print(int(MyInt(7)), int(MyFloat(2.5)), int(Plain(9)), type(int(Plain(9))).__name__, int(S("12")), int(b"33"))

class ReturnsBool:
    def __int__(self):
        return True
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    r = int(ReturnsBool())
print(r, type(r).__name__, [str(x.message)[:40] for x in w])

class Base:
    def __init__(self, b):
        self.b = b
    def __index__(self):
        return self.b
print(int("11", Base(2)), int("z", base=Base(36)))
for b in (2**100, -2**100, 1, 37, Base(40)):
    try:
        int("10", b)
    except ValueError as e:
        print(e)
for base in (3, 10, 36, 2, 16):
    try:
        print(base, len(str(int("1" * 5000, base)).rstrip()) > 0)
    except ValueError as e:
        print(base, e)

# __index__ and __trunc__ (deprecated delegation), buffers with and without a base
class Idx:
    def __index__(self):
        return 7
class Tr:
    def __trunc__(self):
        return 8
class TrBad:
    def __trunc__(self):
        return "x"
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(int(Idx()), int(Tr()), [str(x.message) for x in w])
    try:
        int(TrBad())
    except TypeError as e:
        print(e)
import array
print(int(memoryview(b"123")[1:3]), int(array.array("B", b"100")), int(bytearray(b"12"), 8))
try:
    int(memoryview(b"100"), 2)
except TypeError as e:
    print(e)
