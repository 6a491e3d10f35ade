# ctypes callbacks: Python functions as C function pointers (libffi
# closures) called from C (qsort, bsearch) and from Python
from ctypes import *
import ctypes.util, sys

libc = CDLL(ctypes.util.find_library("c"))

CMPFUNC = CFUNCTYPE(c_int, POINTER(c_int), POINTER(c_int))
calls = []
def py_cmp(a, b):
    calls.append((a[0], b[0]))
    return a[0] - b[0]
cmp = CMPFUNC(py_cmp)
arr = (c_int * 8)(5, 1, 7, 33, 99, -4, 0, 12)
libc.qsort(arr, len(arr), sizeof(c_int), cmp)
print(list(arr), len(calls) > 0, all(isinstance(x, int) for c in calls for x in c))

libc.bsearch.restype = POINTER(c_int)
key = c_int(33)
found = libc.bsearch(byref(key), arr, len(arr), sizeof(c_int), cmp)
print(found.contents.value, bool(libc.bsearch(byref(c_int(2)), arr, len(arr), sizeof(c_int), cmp)))

DCMP = CFUNCTYPE(c_int, c_void_p, c_void_p)
def dcmp(a, b):
    x = c_double.from_address(a).value
    y = c_double.from_address(b).value
    return (x > y) - (x < y)
darr = (c_double * 5)(2.5, -1.0, 3.25, 0.0, 1e10)
libc.qsort(darr, 5, sizeof(c_double), DCMP(dcmp))
print(list(darr))

# called from Python: arguments and results converted both ways
ADD = CFUNCTYPE(c_int, c_int, c_int)
add = ADD(lambda a, b: a + b)
print(add(2, 3), add(2**31 - 1, 1), type(add).__name__)
F = CFUNCTYPE(c_double, c_double, c_float)
print(F(lambda x, y: x * y)(1.5, 2.0))
S = CFUNCTYPE(c_char_p, c_char_p)
keep = []
def upper(s):
    r = s.upper()
    keep.append(r)
    return r
print(S(upper)(b"shout"))
V = CFUNCTYPE(None, c_int)
got = []
print(V(got.append)(7), got)
B = CFUNCTYPE(c_bool, c_ubyte)
print(B(lambda x: x > 100)(200), B(lambda x: x > 100)(5))
L = CFUNCTYPE(c_longlong, c_longlong)
print(L(lambda x: -x)(2**40))
U = CFUNCTYPE(c_ushort, c_short)
print(U(lambda x: x)(-1))

class PT(Structure):
    _fields_ = [("x", c_int), ("y", c_int)]
SP = CFUNCTYPE(c_int, PT)
print(SP(lambda p: p.x * 10 + p.y)(PT(3, 4)))
RP = CFUNCTYPE(PT, c_int)
try:
    RP(lambda v: PT(v, v + 1))
except TypeError as e:
    print("TypeError", e)

@CFUNCTYPE(c_int, c_int)
def decorated(n):
    return n * 3
print(decorated(14))

# a callback raising: reported, the C caller gets 0
BAD = CFUNCTYPE(c_int, c_int)
def boom(x):
    raise ValueError("boom %d" % x)
BAD(boom)(3)   # the result is undefined (CPython leaves it unset)
print("after boom")

print(CFUNCTYPE(c_int) is CFUNCTYPE(c_int), CFUNCTYPE(c_int, c_int)._argtypes_[0].__name__,
      CFUNCTYPE(c_int)._restype_.__name__, CFUNCTYPE(c_int)._flags_)
try:
    CMPFUNC(42.0)
except TypeError as e:
    print("TypeError", e)

# a C function pointer taken from a library, called through a prototype
proto = CFUNCTYPE(c_size_t, c_char_p)
strlen = proto(("strlen", libc))
print(strlen(b"abcdefg"))
