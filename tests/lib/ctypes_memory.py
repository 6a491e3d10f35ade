# ctypes arrays, pointers, cast, memmove/memset/string_at, buffers, resize
from ctypes import *
import ctypes

IntArr = c_int * 5
a = IntArr(1, 2, 3)
print(len(a), list(a), a[0], a[-1], a[1:3], a[::2], IntArr.__name__, sizeof(a))
a[4] = 9
a[0:2] = [7, 8]
print(list(a), IntArr is c_int * 5, (c_int * 5)._length_, (c_int * 5)._type_.__name__)
for bad in (lambda: a[5], lambda: a.__setitem__(-6, 1), lambda: a.__setitem__(slice(0, 2), [1])):
    try:
        bad()
    except (IndexError, ValueError) as e:
        print(type(e).__name__, e)
try:
    IntArr(1, 2, 3, 4, 5, 6)
except IndexError as e:
    print("IndexError", e)

m = ((c_int * 3) * 2)()
m[1][2] = 5
print([list(r) for r in m], sizeof(m))

s = create_string_buffer(b"hello", 10)
print(s.value, s.raw, len(s), sizeof(s))
s.value = b"hi"
print(s.value, s.raw)
print(create_string_buffer(4).raw, create_string_buffer(b"abc").raw)
ws = create_unicode_buffer("w\u00e9rld")
print(ws.value, len(ws), ws[1], ws[:3])
cs = (c_char * 4)(b"a", b"b")
print(cs[:], cs.value, cs[0])

i = c_int(42)
pi = pointer(i)
print(pi.contents.value, pi[0], type(pi).__name__, POINTER(c_int) is type(pi))
pi[0] = 43
print(i.value)
pi.contents = c_int(7)
print(pi[0], i.value)
np = POINTER(c_int)()
print(bool(np), bool(pi))
try:
    np[0]
except ValueError as e:
    print("ValueError", e)
try:
    np.contents
except ValueError as e:
    print("ValueError", e)
try:
    pi.contents = c_double(1.0)
except TypeError as e:
    print("TypeError", e)

arr = (c_int * 4)(10, 20, 30, 40)
p = cast(arr, POINTER(c_int))
print(p[0], p[3], p[:4], p[1:3], p[3:0:-1])
vp = cast(arr, c_void_p)
print(vp.value == addressof(arr), cast(vp, POINTER(c_int))[2])
print(cast(c_char_p(b"xyz"), c_void_p).value != 0)
try:
    cast(arr, c_int)
except TypeError as e:
    print("TypeError", e)
pp = cast(addressof(arr) + sizeof(c_int), POINTER(c_int))
print(pp[0])

buf = create_string_buffer(8)
memmove(buf, b"abcdef", 6)
print(buf.raw)
memset(buf, ord("z"), 3)
print(buf.raw)
print(string_at(buf), string_at(buf, 4), string_at(addressof(buf) + 1, 2))
print(wstring_at(create_unicode_buffer("unicode")), wstring_at(create_unicode_buffer("abc"), 2))

print(type(byref(i)).__name__, addressof(i) == cast(pointer(i), c_void_p).value)
print(c_int.from_address(addressof(arr) + 8).value)

r = create_string_buffer(4)
resize(r, 16)
print(sizeof(r), len(r.raw))
try:
    resize(r, 2)
except ValueError as e:
    print("ValueError", e)

class S(Structure):
    _fields_ = [("a", c_int), ("b", c_char * 4)]
sa = (S * 2)()
sa[1].a = 5
sa[1].b = b"xy"
print(sa[1].a, sa[1].b, sa[0].a)
ps = pointer(sa[1])
print(ps.contents.a, ps[0].b)

mv = memoryview(arr)
print(mv.nbytes, bytes(arr)[:8])
print(bytes((c_ubyte * 3)(1, 2, 3)), bytearray(c_short(-2)))
print(IntArr.from_buffer_copy(bytes(range(20)))[:])

x = c_char_p(b"spam")
print(x._objects)
y = (c_char_p * 2)()
y[0] = b"a"
print(y._objects)
print(POINTER(c_int) is POINTER(c_int), ctypes._pointer_type_cache[c_int] is POINTER(c_int))
