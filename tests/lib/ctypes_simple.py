# ctypes simple types: sizes, alignments, values, wrapping, repr, from_param
from ctypes import *
import ctypes

types = [c_bool, c_char, c_byte, c_ubyte, c_short, c_ushort, c_int, c_uint, c_long, c_ulong,
         c_longlong, c_ulonglong, c_float, c_double, c_longdouble, c_char_p, c_wchar_p,
         c_void_p, c_wchar, c_size_t, c_ssize_t, c_int8, c_uint8, c_int16, c_uint16,
         c_int32, c_uint32, c_int64, c_uint64, py_object]
for t in types:
    print(t.__name__, t._type_, sizeof(t), alignment(t), t().value if t is not py_object else None)

for t in (c_byte, c_ubyte, c_short, c_ushort, c_int, c_uint, c_long, c_ulong, c_longlong, c_ulonglong):
    print(t.__name__, [t(v).value for v in (0, 1, -1, 127, 128, 255, 256, 2**31, 2**63, -2**63, 2**64 + 5)])

print(c_float(1.1).value, c_double(1.1).value, c_double(3).value, c_longdouble(2.5).value)
print(c_bool(5).value, c_bool(0).value, c_bool([]).value, c_bool("x").value)
print(c_char(b"x").value, c_char(65).value, c_wchar("\u20ac").value)
print(c_char_p(b"hello").value, c_char_p().value, c_wchar_p("h\u00e9llo").value)
print(c_void_p(1234).value, c_void_p().value, c_void_p(0).value)
print(py_object([1, 2]).value)
print(repr(c_int(42)), repr(c_double(0.5)), repr(c_char(b"a")), repr(c_bool(True)))
print(bool(c_int(0)), bool(c_int(3)), bool(c_double(0.0)))

x = c_int(3)
x.value = 10
print(x.value)
x.value += 1
print(x.value)

for bad in [(c_int, 1.5), (c_int, "1"), (c_double, "x"), (c_char, b"ab"), (c_char, 300),
            (c_char_p, "str"), (c_wchar_p, b"bytes"), (c_wchar, "ab"), (c_void_p, 1.5)]:
    try:
        bad[0](bad[1])
    except Exception as e:
        print(bad[0].__name__, type(e).__name__, e)

class MyInt(c_int):
    pass
print(MyInt(5).value, type(MyInt(5)).__name__, MyInt.__mro__[1].__name__)
print(c_int.__ctype_be__(5).value, bytes(c_int.__ctype_be__(5)), bytes(c_int.__ctype_le__(5)))
print(bytes(c_short(0x1234)), bytes(c_double(1.0)))
print(c_int.from_param(5).__class__.__name__, repr(c_int.from_param(7)), repr(c_byte.from_param(-3)))
print(repr(c_double.from_param(1.5)), repr(c_char.from_param(b"a")))
try:
    c_int.from_param("no")
except TypeError as e:
    print("TypeError", e)
print(c_char_p.from_param(None), c_char_p.from_param(b"abc")._obj)
print(ctypes.sizeof(c_int(0)), ctypes.sizeof(c_char * 10))
try:
    sizeof(3)
except TypeError as e:
    print("TypeError", e)
print(type(c_int).__name__, type(c_int(1)).__name__, isinstance(c_int(1), ctypes._SimpleCData))
print(memoryview(c_int(7)).tobytes(), bytes(c_ubyte(255)))
print(c_int.from_buffer_copy(b"\x01\x00\x00\x00\x02").value, c_short.from_buffer_copy(b"\x00\x01\x02\x03", 2).value)
ba = bytearray(8)
v = c_int.from_buffer(ba, 4)
v.value = 0x01020304
print(ba)
try:
    c_int.from_buffer(b"abcd")
except TypeError as e:
    print("TypeError", e)
try:
    c_int.from_buffer(bytearray(2))
except ValueError as e:
    print("ValueError", e)
