# mmap's buffer: memoryview, bytes, re, struct, ctypes; closing and resizing
# are refused while a view of the map (or a ctypes object on it) lives
import mmap, re, struct, ctypes
def t(f):
    try: print(repr(f()))
    except Exception as e: print(type(e).__name__, e)
m = mmap.mmap(-1, 32)
m.write(b'hello world 123 foo')
t(lambda: bytes(m)[:20])
t(lambda: bytearray(m)[:5])
t(lambda: re.search(rb'\d+', m).group())
t(lambda: [x.span() for x in re.finditer(rb'o', m)])
t(lambda: re.compile(rb'w(or)ld').search(m, 3).groups())
t(lambda: re.sub(rb'o', b'0', m[:12]))
struct.pack_into('<iH', m, 20, -5, 7)
t(lambda: struct.unpack_from('<iH', m, 20))
t(lambda: m[20:26])

# ctypes keeps a view: the map cannot be closed or resized under it
k = mmap.mmap(-1, 64)
c = ctypes.c_char.from_buffer(k, 1)
c.value = b'E'
t(lambda: (c.value, k[:3]))
i = (ctypes.c_int * 2).from_buffer(k, 20)
i[1] = 258
t(lambda: (i[0], i[1], k[24:28]))
t(lambda: k.close())
t(lambda: k.resize(128))
t(lambda: k.closed)

# memoryviews: each one made of the map counts until released
mv = memoryview(m)
t(lambda: (mv[0], mv[1:3].tobytes(), mv.nbytes, mv.format, mv.readonly, mv.itemsize, len(mv)))
mv[0] = 72
mv[1:3] = b'EL'
t(lambda: m[:5])
t(lambda: m.close())
t(lambda: m.resize(64))
with memoryview(m) as v2:
    t(lambda: v2[:2].tobytes())
    t(lambda: m.close())
t(lambda: m.close())
mv.release()
t(lambda: m.resize(64))
t(lambda: (len(m), m[60:64]))
t(lambda: m.close())
t(lambda: m.closed)
t(lambda: mv.tobytes())
t(lambda: memoryview(m))
t(lambda: bytes(m))
t(lambda: re.search(b'a', m))

r = mmap.mmap(-1, 8, access=mmap.ACCESS_READ)
t(lambda: ctypes.c_char.from_buffer(r))
t(lambda: ctypes.c_char.from_buffer_copy(r))
t(lambda: memoryview(r).readonly)
t(lambda: struct.pack_into('b', r, 0, 1))
v = memoryview(r)
t(lambda: v.__setitem__(0, 1))
v.release()
t(lambda: r.close())

m = mmap.mmap(-1, 4)
mv = memoryview(m)
w = mv.cast('I')
w[0] = 0x01020304
t(lambda: (m[:], w.format, w.itemsize, len(w), w.tolist()))
t(lambda: m.close())
w.release()
mv.release()
t(lambda: m.close())
t(lambda: w[0])

m = mmap.mmap(-1, 4)
a = memoryview(m)
b = memoryview(m)
a.release()
t(lambda: m.close())
a.release()
t(lambda: m.close())
b.release()
t(lambda: m.close())
