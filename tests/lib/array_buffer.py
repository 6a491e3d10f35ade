# array: the buffer protocol (memoryview, bytes, struct, files)
import array, struct, io, os, tempfile
A = array.array

for tc in 'bBhHiIlLqQfd':
    a = A(tc, [1, 2, 3])
    m = memoryview(a)
    print(tc, m.format, m.itemsize, m.nbytes, len(m), m.readonly, m.tolist(), bytes(a) == a.tobytes())
    m[0] = 9
    print(' ', a, m[1], bytes(m[1:]) == a[1:].tobytes())
print(memoryview(A('u', 'ab')).format, memoryview(A('u', 'ab')).itemsize)

a = A('i', [0, 0, 0, 0])
struct.pack_into('ii', a, 4, 7, -8)
print(a, struct.unpack_from('ii', a, 4), struct.unpack('4i', a))
b = A('B', b'hello')
print(b, bytes(b), bytearray(b), b.tobytes().decode())
print(b'xx' + bytes(A('b', [65, 66])), A('B', memoryview(b'abc').tobytes()))
print(A('h', bytearray(b'\x01\x00\x02\x00')))

# memoryview sees the array after it changes (tpy rereads its exporter)
a = A('i', [1, 2, 3])
m = memoryview(a)
a[0] = 100
print(m[0], m.tolist())
m.release()

# readinto, tofile/fromfile
buf = io.BytesIO(struct.pack('3i', 5, 6, 7))
r = A('i', [0, 0, 0])
print(buf.readinto(r), r)

fd, path = tempfile.mkstemp()
os.close(fd)
try:
    a = A('d', [1.5, -2.5, 3.25])
    with open(path, 'wb') as f:
        a.tofile(f)
        A('d').tofile(f)
    print(os.path.getsize(path))
    b = A('d')
    with open(path, 'rb') as f:
        b.fromfile(f, 2)
        print(b)
        try:
            b.fromfile(f, 5)
        except EOFError as e:
            print('EOFError', e, b)
    with open(path, 'rb') as f:
        c = A('d'); c.frombytes(f.read()); print(c == a)
    with open(path, 'rb') as f:
        r = A('d', [0.0] * 3)
        print(f.readinto(r), r)
    big = A('H', range(40000))
    with open(path, 'wb') as f:
        big.tofile(f)
    with open(path, 'rb') as f:
        c = A('H'); c.fromfile(f, 40000); print(c == big, len(c))
finally:
    os.unlink(path)

# frombytes from other arrays and views
a = A('i')
try:
    a.frombytes(A('i', [4, 5]))   # its items are not bytes
except TypeError as e:
    print(e)
a.frombytes(A('B', [4, 0, 0, 0, 5, 0, 0, 0])); a.frombytes(memoryview(b'\x06\x00\x00\x00')); print(a)
b = A('B', [1, 2])
for src in (b, memoryview(b), memoryview(b)[1:]):
    try:
        b.frombytes(src)
    except BufferError as e:
        print('BufferError', e, b)
a.extend(a); print(a)
print(A('b', A('B', [1, 2])), A('i', A('b', [1, 2])))
