# ctypes: pointers to pointers, arrays of pointers, self-referencing
# structures, out-parameters, in_dll, from_buffer views, callbacks taking
# pointers to structures
from ctypes import *
import ctypes.util, sys
libc = CDLL(ctypes.util.find_library("c"))
env = POINTER(c_char_p).in_dll(CDLL(None), "environ")
print(type(env[0]).__name__, bool(env))
pp = pointer(pointer(c_int(5)))
print(pp.contents.contents.value, pp[0][0])
arr = (POINTER(c_int) * 3)()
vals = [c_int(i * 10) for i in range(3)]
for i, v in enumerate(vals):
    arr[i] = pointer(v)
print([arr[i][0] for i in range(3)], [bool(p) for p in (POINTER(c_int) * 2)()])
sarr = (c_char_p * 3)(b"a", b"bc", None)
print(sarr[:], list(sarr))
class Node(Structure): pass
Node._fields_ = [("v", c_int), ("next", POINTER(Node))]
a = Node(1); b = Node(2); a.next = pointer(b)
print(a.next[0].v, a.next.contents.v, bool(b.next))
x = c_int(0x01020304)
print(string_at(byref(x), 4), cast(byref(x, 1) if False else addressof(x) + 1, POINTER(c_ubyte))[0])
CB = CFUNCTYPE(None, POINTER(Node))
seen = []
CB(lambda p: seen.append(p.contents.v))(pointer(a))
print(seen)
d = c_double(2.0)
libc.frexp.restype = c_double
libc.frexp.argtypes = [c_double, POINTER(c_int)]
e = c_int()
print(libc.frexp(d, byref(e)), e.value)
print(libc.frexp(8.0, pointer(e)), e.value)
buf = (c_char * 16)()
libc.strcat(buf, b"ab"); libc.strcat(buf, b"cd")
print(buf.value)
print(c_int.from_param(True), sizeof(c_int(3)) if True else 0)
class S(Structure):
    _fields_ = [("a", c_byte), ("b", c_longlong)]
s = S(1, 2)
print(S.b.offset, bytes(s)[:1], bytes(s)[8:])
u = (c_ubyte * 4).from_buffer(bytearray(b"\x01\x02\x03\x04"))
print(list(u), c_uint32.from_buffer(u).value)
print(cast(pointer(c_int(7)), c_void_p).value is not None, cast(None, c_void_p).value)
print(ctypes.c_ssize_t(-1).value, ctypes.c_size_t(-1).value)
print(type(ctypes.pythonapi).__name__)
print(CFUNCTYPE(c_int, c_int)(lambda v: v * 2)(c_int(21)))
