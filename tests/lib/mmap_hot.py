# mmap in hot loops (the JIT compiles them); the map changes under the loop
import mmap
m = mmap.mmap(-1, 4096)
total = 0
for i in range(20000):
    m[i % 4096] = (i * 7) & 255
    total += m[(i * 3) % 4096] + m[-1 - i % 100]
print(total, m[:8], m[-4:])

m.seek(0)
n = 0
for i in range(6000):
    if m.tell() + 8 > len(m):
        m.seek(0)
    n += m.read(8)[i % 8] + m.read_byte()
print(n, m.tell())

# closed at iteration 3000: the loop's accesses start failing
m2 = mmap.mmap(-1, 64)
errs = 0
for i in range(6000):
    if i == 3000:
        m2.close()
    try:
        m2[i % 64] = i & 255
        errs += m2[i % 64] == i & 255
    except ValueError as e:
        errs += 1000
print(errs, m2.closed)

# shrunk at iteration 4000: indexes past the new end fail
m3 = mmap.mmap(-1, 100)
s = 0
for i in range(8000):
    if i == 4000:
        m3.resize(50)
    s += len(m3)
    try:
        s += m3[i % 100]
    except IndexError:
        s += 1
print(s, len(m3))

# slices with steps, find, iteration, memoryview reads
m4 = mmap.mmap(-1, 256)
m4[:] = bytes(range(256))
acc = 0
for i in range(3000):
    acc += len(m4[i % 50:i % 50 + 40:3]) + m4.find(bytes([i % 256])) + m4[::-7][i % 37]
    if i == 1500:
        m4[0:10] = b'\xff' * 10
print(acc)
v = memoryview(m4)
acc = 0
for i in range(5000):
    acc += v[i % 256]
    if i % 1000 == 999:
        v[i % 256] = 0
print(acc, sum(m4[:]), sum(1 for b in m4 if b == b"\xff"))
v.release()
m4.close()
