# struct: hot loops packing and unpacking (the JIT sees the C calls)
import struct
s = struct.Struct('<iHd')
acc = 0
buf = bytearray(s.size * 4)
for i in range(20000):
    b = s.pack(i, i & 0xffff, i * 0.5)
    x, y, z = s.unpack(b)
    acc += x + y + int(z)
    s.pack_into(buf, (i % 4) * s.size, i, 7, 1.5)
    if i == 15000:
        try:
            s.pack(2**40, 1, 1.0)
        except struct.error as e:
            print('at', i, e)
print(acc, bytes(buf[:8]))
tot = 0
for i in range(20000):
    tot += struct.unpack_from('>h', b'\x00\x01\xff\xfe', (i & 1) * 2)[0]
    tot += struct.calcsize('ih') 
print(tot)
print(sum(v for (v,) in struct.iter_unpack('<I', bytes(range(256)) * 10)))
