# posix: bytes-like paths other than bytes are deprecated (DeprecationWarning) but work, as bytes
import posix, warnings
print(posix.stat(bytearray(b"/")).st_mode == posix.stat("/").st_mode)
print(posix.listdir(bytearray(b"/"))[:0], type(posix.listdir(memoryview(b"/"))[0]).__name__)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    posix.stat(bytearray(b"/"))
    print([(x.category.__name__, str(x.message)) for x in w])
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        posix.access(bytearray(b"/"), 0)
    except DeprecationWarning as e:
        print("DeprecationWarning", e)
try:
    posix.putenv(bytearray(b"A"), "b")
except TypeError as e:
    print(e)
