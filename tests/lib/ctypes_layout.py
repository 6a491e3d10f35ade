# ctypes layouts: packed structures holding unions of structures with arrays,
# pointer and function fields, mixed-size bit fields, conversions at the limits
from ctypes import *
import ctypes, struct
class A(Structure):
    _fields_ = [("c", c_char), ("arr", c_short * 3), ("d", c_double)]
class B(Union):
    _fields_ = [("a", A), ("raw", c_ubyte * sizeof(A))]
class C(Structure):
    _pack_ = 1
    _fields_ = [("x", c_ubyte), ("b", B), ("y", c_uint16)]
print(sizeof(A), alignment(A), sizeof(B), alignment(B), sizeof(C), alignment(C), C.b.offset, C.y.offset)
c = C()
c.b.a.arr[1] = -2
c.b.a.d = 2.5
c.y = 513
print(list(c.b.raw)[:8], c.b.a.arr[:], c.b.a.d, bytes(c)[-2:])
class D(Structure):
    _fields_ = [("p", POINTER(c_int)), ("f", CFUNCTYPE(c_int, c_int)), ("s", c_char_p), ("w", c_wchar_p), ("v", c_void_p)]
d = D()
print(bool(d.p), bool(d.f), d.s, d.w, d.v)
d.s = b"str"; d.w = "wide"; d.v = 12
print(d.s, d.w, d.v)
cb = CFUNCTYPE(c_int, c_int)(lambda x: x + 1)
d.f = cb
print(d.f(4))
print(struct.unpack("<hhh", bytes((c_short * 3)(1, -1, 300))))
arr2 = (A * 2)()
arr2[1].arr[2] = 9
print(arr2[1].arr[2], sizeof(arr2))
class E(Structure):
    _fields_ = [("a", c_uint8, 1), ("b", c_uint8, 7), ("c", c_uint16, 12), ("d", c_uint16, 4)]
e = E(1, 100, 4000, 15)
print(bytes(e).hex(), e.a, e.b, e.c, e.d, sizeof(E), E.c.offset, E.d.offset)
class F(Structure):
    _fields_ = [("x", c_int64, 33), ("y", c_int64, 31)]
f = F(-2, 5)
print(bytes(f).hex(), f.x, f.y)
print(c_int8(200).value, c_uint16(-1).value, c_float(1e40).value, c_int64(2**63).value)
print((c_char * 3)(*b"abc").value, (c_char * 3)(b"a", b"b").raw)
print(c_wchar_p("x").value, (c_wchar * 3)("a", "b").value)
print(cast(create_string_buffer(b"hey"), c_char_p).value)
print(POINTER(A).from_param(A()).__class__.__name__, POINTER(A).from_param(pointer(A())).__class__.__name__)
print(c_void_p.from_param(b"x").__class__.__name__, c_void_p.from_param(create_string_buffer(1)).__class__.__name__)
