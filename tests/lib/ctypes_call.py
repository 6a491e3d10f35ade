# ctypes foreign calls into libc and libm: argtypes, restype, errcheck,
# use_errno, structures by value, pointers and out-parameters, errors
from ctypes import *
import ctypes, ctypes.util, errno, os

print(ctypes.util.find_library("c"), ctypes.util.find_library("m"), ctypes.util.find_library("nosuchlib_xyz"))
libc = CDLL(ctypes.util.find_library("c"))
libm = CDLL(ctypes.util.find_library("m"))
print(libc.strlen(b"hello"), libc.abs(-5), libc.atoi(b"  123x"))
print(type(libc.strlen).__name__, libc.strlen.restype is c_int, libc.strlen.argtypes)

libm.sqrt.restype = c_double
libm.sqrt.argtypes = [c_double]
print(libm.sqrt(2.0), libm.sqrt(9))
libm.pow.restype = c_double
libm.pow.argtypes = (c_double, c_double)
print(libm.pow(2, 10), libm.pow.argtypes[0].__name__)
libm.cbrtf.restype = c_float
libm.cbrtf.argtypes = [c_float]
print(libm.cbrtf(27.0))
libm.ldexp.restype = c_double
libm.ldexp.argtypes = [c_double, c_int]
print(libm.ldexp(1.5, 4))
libc.labs.restype = c_long
libc.labs.argtypes = [c_long]
print(libc.labs(-2**40))
libc.llabs.restype = c_longlong
print(libc.llabs(c_longlong(-2**62)))

strchr = libc.strchr
strchr.restype = c_char_p
strchr.argtypes = [c_char_p, c_int]
print(strchr(b"abcdef", ord("d")), strchr(b"abc", ord("z")))

libc.strtol.restype = c_long
libc.strtol.argtypes = [c_char_p, POINTER(c_char_p), c_int]
end = c_char_p()
print(libc.strtol(b"0x1fZZ", byref(end), 16), end.value)

buf = create_string_buffer(32)
libc.snprintf(buf, 32, b"%d-%s-%.2f", 42, b"xy", c_double(3.14159))
print(buf.value)
libc.sprintf(buf, b"%ld %c", c_long(-7), c_char(b"Q"))
print(buf.value)

libc.strcpy.restype = c_char_p
print(libc.strcpy(buf, b"copied"), buf.value)
libc.memcmp.argtypes = [c_void_p, c_void_p, c_size_t]
print(libc.memcmp(b"abc", b"abd", 3) < 0, libc.memcmp(b"abc", b"abc", 3))

class div_t(Structure):
    _fields_ = [("quot", c_int), ("rem", c_int)]
libc.div.restype = div_t
libc.div.argtypes = [c_int, c_int]
r = libc.div(17, 5)
print(type(r).__name__, r.quot, r.rem)
class ldiv_t(Structure):
    _fields_ = [("quot", c_long), ("rem", c_long)]
libc.ldiv.restype = ldiv_t
r = libc.ldiv(c_long(10**12 + 7), c_long(10))
print(r.quot, r.rem)

class tm(Structure):
    _fields_ = [(n, c_int) for n in ("sec", "min", "hour", "mday", "mon", "year", "wday", "yday", "isdst")] + \
               [("gmtoff", c_long), ("zone", c_char_p)]
libc.gmtime.restype = POINTER(tm)
t = c_long(86400 * 365)
g = libc.gmtime(byref(t)).contents
print(g.year, g.mon, g.mday, g.wday, g.yday)
libc.timegm.restype = c_long
libc.timegm.argtypes = [POINTER(tm)]
print(libc.timegm(byref(g)), libc.timegm(pointer(g)))

libc.strerror.restype = c_char_p
print(libc.strerror(errno.ENOENT))

def check(result, func, args):
    print("errcheck", result, func is libc.atoi, args)
    return result * 2
libc.atoi.errcheck = check
print(libc.atoi(b"21"))
del libc.atoi.errcheck

libc_e = CDLL(ctypes.util.find_library("c"), use_errno=True)
libc_e.close.argtypes = [c_int]
set_errno(0)
print(libc_e.close(-1), get_errno() == errno.EBADF)
print(set_errno(5), get_errno())
set_errno(0)

libc.abs.argtypes = [c_int]
for bad in ["x", 1.5, None]:
    try:
        libc.abs(bad)
    except ArgumentError as e:
        print("ArgumentError", e)
try:
    libc.strlen(1.5)
except ArgumentError as e:
    print("ArgumentError", e)
try:
    libc.abs()
except TypeError as e:
    print("TypeError", e)
try:
    libc.no_such_function_xyz
except AttributeError as e:
    print("AttributeError", "undefined symbol" in str(e))
try:
    CDLL("libnonexistent_xyz.so")
except OSError as e:
    print("OSError", type(e).__name__)
try:
    libc.strlen.restype = 5
except TypeError as e:
    print("TypeError", e)
try:
    libc.strlen.argtypes = [5]
except TypeError as e:
    print("TypeError", e)

class Param:
    def __init__(self, v):
        self._as_parameter_ = v
print(libc.abs(Param(-9)), libc.strlen(Param(b"four")))

libc.getpid.restype = c_int
print(libc.getpid() == os.getpid())
v = c_int.in_dll(libc, "errno") if False else None
env = c_char_p.in_dll(libc, "environ") if False else None
print(CDLL(None).strlen(b"xyz"), cdll.LoadLibrary(ctypes.util.find_library("c")).abs(-3))
libc.qsort.restype = None
print(libc.qsort.restype)
f = CFUNCTYPE(c_int, c_char_p)(ctypes.cast(libc.strlen, c_void_p).value)
print(f(b"twelve chars"))
