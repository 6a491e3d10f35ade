# struct: Struct.__new__/__init__ split (subclasses, re-init, uninitialised Structs), huge sizes
import struct
def t(f, *a, **k):
    try: print(repr(f(*a, **k)))
    except Exception as e: print(type(e).__name__, e)
t(struct.Struct)
t(struct.Struct, format=5)
s = struct.Struct.__new__(struct.Struct)
t(lambda: s.size)
t(lambda: s.format)
t(s.pack)
s.__init__('>h'); print(s.size, s.format, s.pack(1))
s.__init__('<q'); print(s.size, s.format, s.pack(1))
t(s.__init__, 'zz'); print(s.size, s.format)
class S(struct.Struct):
    def __init__(self, fmt, extra):
        super().__init__(fmt)
        self.extra = extra
x = S('i', 5); print(x.size, x.extra)
t(struct.calcsize, '9223372036854775807x')
t(struct.calcsize, '4611686018427387904x')
t(lambda: struct.Struct('4611686018427387904x').size)
print(struct.Struct('i').__sizeof__() > 0)
s = struct.Struct('i')
t(s.__init__, b'i\xe9'); t(lambda: s.format); print(s.size)
t(s.__init__, b'h'); t(lambda: s.format); print(s.size)
t(s.__init__, 'hé'); t(lambda: s.format); print(s.size)
e = struct.Struct.__new__(struct.Struct)
t(e.unpack, b""); t(e.pack_into, bytearray(3), 0)
