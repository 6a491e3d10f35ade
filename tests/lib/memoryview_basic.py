b = b"hello world"
m = memoryview(b)
print(len(m), m[0], m[-1], m[1:4].tobytes(), bytes(m[::2]), m.readonly, m.format, m.itemsize, m.nbytes)
print(m.tolist()[:3], m.obj is b, m.shape, m.strides, m.ndim)
ba = bytearray(b"abcdef")
mv = memoryview(ba)
mv[0] = 65
mv[1:3] = b"XY"
print(ba, mv.readonly)
try:
    m[0] = 1
except TypeError as e: print(e)
try:
    mv[0] = 300
except ValueError as e: print(e)
print(mv == b"AXYdef", mv == bytearray(b"AXYdef"), m == m, hash(m) == hash(b))
try:
    hash(mv)
except ValueError as e: print(e)
c = mv.cast('H')
print(c.format, c.itemsize, len(c), c.tolist())
print(memoryview(b"ab").hex(), memoryview(b"abc").hex(':'))
with memoryview(b"xyz") as q:
    print(q[1])
print(repr(q).split(" at ")[0])
try:
    q[0]
except ValueError as e: print(e)
try:
    memoryview("str")
except TypeError as e: print(e)
print(b"-".join([memoryview(b"a"), b"b"]), bytearray(memoryview(b"qq")), b"ab" + memoryview(b"cd"))
print(list(memoryview(b"\x01\x02")), int.from_bytes(memoryview(b"\x01\x00"), "little"))
r = memoryview(b"abcdef")[::-1]
print(bytes(r), r[0], len(r))
total = 0
mm = memoryview(bytearray(range(200)))
for i in range(20000):
    total += mm[i % 200]
print(total)
