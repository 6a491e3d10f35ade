b = b'hello world'
print(b, len(b), b[0], b[-1], b[1:4], type(b[0]).__name__)
print(b.upper(), b.split(), b.replace(b'o', b'0'), b.find(b'wor'), b.count(b'l'))
print(b + b'!', b * 2, b'lo' in b, 104 in b, b.startswith(b'he'))
print(b.decode(), 'héllo'.encode(), 'héllo'.encode('utf-8').decode('utf-8'))
print(bytes([65, 66, 67]), bytes(3), bytes('abc', 'ascii'), bytes(range(5)))
print(list(b'abc'), b'abc'.hex(), bytes.fromhex('414243'), b'a,b'.split(b','))
print(b'  x  '.strip(), b'abc'.index(b'c'), b'-'.join([b'a', b'b']))
ba = bytearray(b'abc')
ba[0] = 65
ba.append(68)
ba.extend(b'EF')
print(ba, len(ba), bytes(ba))
print(b'abc' == b'abc', b'abc' < b'abd', b'a' == 'a')
try:
    bytes([256])
except ValueError as e:
    print(e)
try:
    b'a' + 'b'
except TypeError as e:
    print(e)
try:
    'é'.encode('ascii')
except UnicodeEncodeError as e:
    print(e)
try:
    b'\xff'.decode('utf-8')
except UnicodeDecodeError as e:
    print(e)
print(b'\xff'.decode('utf-8', 'replace'), b'\xffa'.decode('latin-1'))
print(b'abc'.isalpha(), b'123'.isdigit(), b'Hello'.lower(), b'ab'.center(6, b'*'))
for x in b'hi':
    print(x, end=' ')
print()
print(b'%d-%s' % (5, b'x'))
