# ctypes Structure and Union: layout, fields, nesting, _pack_, bit fields,
# anonymous fields, byte order, initialisation errors
from ctypes import *

class POINT(Structure):
    _fields_ = [("x", c_int), ("y", c_int)]

class RECT(Structure):
    _fields_ = [("ul", POINT), ("lr", POINT)]

p = POINT(1, 2)
print(p.x, p.y, sizeof(POINT), alignment(POINT), POINT.x.offset, POINT.y.offset, POINT.y.size)
print(POINT.x, POINT.y)
p.x = 10
p.y = -5
print(p.x, p.y, bytes(p))
r = RECT(POINT(1, 2), POINT(3, 4))
print(r.ul.x, r.ul.y, r.lr.x, r.lr.y, sizeof(RECT))
r.lr.x = 40
print(r.lr.x, bytes(r)[8:12])
r2 = RECT((5, 6), (7, 8))
print(r2.ul.y, r2.lr.x)
print(POINT(y=3).y, POINT(1, y=9).y)
for args, kw in [((1, 2, 3), {}), ((1,), {"x": 2})]:
    try:
        POINT(*args, **kw)
    except TypeError as e:
        print("TypeError", e)

class Mixed(Structure):
    _fields_ = [("a", c_char), ("b", c_int), ("c", c_short), ("d", c_double), ("e", c_char)]
print(sizeof(Mixed), [getattr(Mixed, n).offset for n in "abcde"])

class Packed(Structure):
    _pack_ = 1
    _fields_ = [("a", c_char), ("b", c_int), ("c", c_short), ("d", c_double)]
print(sizeof(Packed), [getattr(Packed, n).offset for n in "abcd"])

class Packed2(Structure):
    _pack_ = 2
    _fields_ = [("a", c_char), ("b", c_int), ("d", c_double)]
print(sizeof(Packed2), [getattr(Packed2, n).offset for n in "abd"])

class Bits(Structure):
    _fields_ = [("a", c_uint, 3), ("b", c_uint, 5), ("c", c_int, 4), ("d", c_int, 9), ("e", c_int)]
b = Bits()
b.a, b.b, b.c, b.d, b.e = 5, 17, -3, 300, 7
print(b.a, b.b, b.c, b.d, b.e, sizeof(Bits), bytes(b).hex())
b.a = 9
print(b.a, b.b)
print(Bits.a, Bits.c)

class Bits16(Structure):
    _fields_ = [("x", c_ushort, 4), ("y", c_ushort, 12), ("z", c_ushort, 1)]
h = Bits16(3, 4000, 1)
print(h.x, h.y, h.z, sizeof(Bits16), bytes(h).hex())
class BitsLL(Structure):
    _fields_ = [("lo", c_ulonglong, 40), ("hi", c_longlong, 24)]
q = BitsLL(2**40 - 1, -5)
print(q.lo, q.hi, sizeof(BitsLL))

class U(Union):
    _fields_ = [("i", c_int), ("f", c_float), ("b", c_ubyte * 4)]
u = U()
u.f = 1.0
print(hex(u.i), list(u.b), sizeof(U))
u.i = 0x01020304
print(list(u.b))

class Inner(Structure):
    _fields_ = [("p", c_int), ("q", c_int)]
class Outer(Structure):
    _anonymous_ = ("inner",)
    _fields_ = [("a", c_int), ("inner", Inner)]
o = Outer()
o.p = 5
o.q = 6
print(o.inner.p, o.q, Outer.p.offset, Outer.q.offset)

class Base(Structure):
    _fields_ = [("a", c_int)]
class Derived(Base):
    _fields_ = [("b", c_double)]
d = Derived(1, 2.5)
print(d.a, d.b, sizeof(Derived), Derived.b.offset)

class WithArr(Structure):
    _fields_ = [("name", c_char * 8), ("vals", c_int * 3), ("w", c_wchar * 4)]
w = WithArr()
w.name = b"abc"
w.vals[1] = 7
w.w = "hi"
print(w.name, list(w.vals), w.w, sizeof(WithArr))
try:
    w.name = b"123456789"
except ValueError as e:
    print("ValueError", e)

class BE(BigEndianStructure):
    _fields_ = [("a", c_int), ("b", c_short), ("c", c_double)]
class LE(LittleEndianStructure):
    _fields_ = [("a", c_int), ("b", c_short)]
be = BE(1, 2, 1.0)
print(bytes(be).hex(), be.a, be.b, be.c, bytes(LE(1, 2)).hex())

class Empty(Structure):
    pass
print(sizeof(Empty))
Empty._fields_ = [("z", c_int)]
print(sizeof(Empty), Empty(3).z)
try:
    Empty._fields_ = [("y", c_int)]
except AttributeError as e:
    print("AttributeError", e)

for fields in ([("a",)], [("a", 3)], [(1, c_int)], [("a", c_double, 3)], [("a", c_int, 40)]):
    try:
        class Bad(Structure):
            _fields_ = fields
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)

try:
    p.x = "s"
except TypeError as e:
    print("TypeError", e)
try:
    r.ul = 5
except TypeError as e:
    print("TypeError", e)

class LinkedNode(Structure):
    pass
LinkedNode._fields_ = [("value", c_int), ("next", POINTER(LinkedNode))]
n2 = LinkedNode(2)
n1 = LinkedNode(1, pointer(n2))
print(n1.next.contents.value, bool(n2.next))
