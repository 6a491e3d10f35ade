# hot loops over bytes and bytearray whose operand kinds change mid-way
def checksum(data):
    total = 0
    for i in range(len(data)):
        total = (total * 31 + data[i]) % 1000003
    return total

buf = bytearray()
for i in range(20000):
    buf.append(i % 251)
    if i % 5000 == 4999:
        buf[0] = 255
print(len(buf), checksum(buf), checksum(bytes(buf)))

out = bytearray()
src = b'abc'
for i in range(12000):
    if i == 6000:
        src = bytearray(b'XYZ')
    out += src[i % 3:i % 3 + 1]
print(len(out), out[:6], out[5997:6003], out[-3:])

count = 0
hay = b'needle in a haystack'
for i in range(15000):
    if i == 7500:
        hay = bytearray(hay)
    if hay.find(b'hay') > 0 and (110 in hay):
        count += 1
print(count, type(hay).__name__)

parts = []
for i in range(10000):
    parts.append(b'%d' % i if i < 5000 else bytearray(b'%x') % i)
joined = b','.join(parts)
print(len(joined), joined[:20], joined[-20:], joined.count(b','))

acc = 0
view = b'\x01\x02\x03\x04'
for i in range(20000):
    if i == 10000:
        view = bytearray(view)
        view[0] = 10
    acc += view[i % 4]
print(acc)
