# encode / decode.
s = 'Grüße, 世界!'
b = s.encode('utf-8')
print(b, len(b), type(b).__name__)
print(b.decode('utf-8') == s, b.decode())
print('abc'.encode(), 'abc'.encode('ascii'), 'é'.encode('latin-1'), 'é'.encode('utf-16-le'))
print('hello'.encode('utf-8')[1:3], list('hé'.encode()))
try:
    'é'.encode('ascii')
except UnicodeEncodeError as e:
    print('UnicodeEncodeError:', e)
try:
    b'\xff\xfe'.decode('utf-8')
except UnicodeDecodeError as e:
    print('UnicodeDecodeError:', e)
print('é'.encode('ascii', 'replace'), 'é'.encode('ascii', 'ignore'), b'a\xffb'.decode('utf-8', 'replace'))
print(bytes('xyz', 'utf-8'), str(b'xyz', 'ascii'), str(b'xyz'))
