# bytes() and bytearray(): an __index__ that raises TypeError falls back to
# the buffer or the iterable (CPython issues 29159, 34974); any other error
# is raised; __bytes__ = None blocks the fallbacks.
class B(bytes):
    def __index__(self):
        raise TypeError

print(bytearray(B(b"foobar")), bytes(B(b"xy")))

class J:
    def __index__(self):
        raise ValueError("v")

for ctor in (bytes, bytearray):
    try:
        ctor(J())
    except ValueError as e:
        print(ctor.__name__, "ValueError", e)

class L(list):
    def __index__(self):
        raise TypeError("no")

print(bytes(L([1, 2])), bytearray(L([3])))

class I(list):
    __bytes__ = None

print(bytes([0, 1, 2]))
try:
    bytes(I([0, 1]))
except TypeError as e:
    print("TypeError", e)
