# memoryview over bytes and bytearray: items, slices, casts (what re's
# compiler uses for BIGCHARSET), assignment, comparisons, release.
m = memoryview(b'abcdefgh')
print(repr(m).startswith('<memory at 0x'), len(m), m[0], m[-1], m[1:3].tolist(), m[::2].tobytes(), m[::-3].tolist())
print(m.itemsize, m.format, m.readonly, m.nbytes, m.shape, m.strides, m.ndim, m.suboffsets, m.obj, m.contiguous)
print(m[::2].contiguous, m[::2].strides, m[5:1:-1].tolist(), m[100:].tolist())
c = m.cast('I')
print(c.tolist(), c.itemsize, len(c), c.format, c[1], c[-2], c.nbytes, c.cast('B').tobytes())
for f in 'bBchHiIlLqQnNfd?':
    v = memoryview(bytes(range(250, 256)) + bytes(range(10))).cast(f)
    print(f, v.itemsize, v.tolist())
print(memoryview(b'\x01\x00\x00\x00\xff\xff\xff\xff').cast('@i').tolist(), memoryview(b'ab').cast('c').tolist())
print(m == b'abcdefgh', m == memoryview(b'abcdefgh'), m != b'x', m == bytearray(b'abcdefgh'), m == 'abcdefgh',
      m.cast('c') == b'abcdefgh', hash(m) == hash(b'abcdefgh'), m[1:3] == b'bc', c == c.tolist())
ba = bytearray(b'hello')
v = memoryview(ba)
v[0] = 74
v[1:3] = b'EL'
v[-1] = ord('!')
print(ba, v.readonly, v.tobytes(), list(v), bytes(v), v.hex(), v.toreadonly().readonly)
w = memoryview(bytearray(8)).cast('H')
w[0] = 65535
w[3] = 258
print(w.tolist(), w.obj, w.cast('B').tolist())

def trial(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

trial(lambda: m.__setitem__(0, 1))
trial(lambda: v.__setitem__(0, 300))
trial(lambda: v.__setitem__(0, 'a'))
trial(lambda: v.__setitem__(slice(0, 2), b'abc'))
trial(lambda: w.__setitem__(0, -1))
trial(lambda: m.cast('Z'))
trial(lambda: m.cast('II'))
trial(lambda: memoryview(b'abc').cast('I'))
trial(lambda: c.cast('H'))
trial(lambda: m[::2].cast('H'))
trial(lambda: memoryview(1))
trial(lambda: memoryview('abc'))
trial(lambda: m[8])
trial(lambda: m["a"])
trial(lambda: m[...])
trial(lambda: hash(v))
trial(lambda: hash(c))
trial(lambda: v.__delitem__(0))
trial(lambda: m.cast('B', [8]).tolist())
with memoryview(b'ab') as x:
    print(list(x))
print(repr(x).startswith('<released memory at 0x'))
trial(lambda: len(x))
trial(lambda: x[0])
trial(lambda: x.tolist())
trial(lambda: x.format)
x.release()
print(x == x, memoryview(x.obj) == b'ab' if False else None, type(m).__name__, isinstance(m, memoryview))
