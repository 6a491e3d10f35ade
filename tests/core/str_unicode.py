# Non-ASCII strings: length, indexing, slicing, methods.
s = 'héllo wörld'
print(s, len(s), s[1], s[-4], s[1:5], s[::-1], s.upper(), s.title())
print(s.find('ö'), s.index('w'), s.count('l'), s.split('ö'), s.replace('é', 'e'))
j = '日本語'
print(j, len(j), j[0], j[-1], j[1:], j[::-1], j * 2, j + 'テキスト')
print(list(j), tuple(j[1:]))
for ch in 'aé日😀':
    print(repr(ch), ord(ch), hex(ord(ch)), len(ch.encode('utf-8')))
print(chr(233), chr(0x65e5), chr(128512), chr(0x41))
mixed = 'naïve café 日本 😀!'
print(len(mixed), mixed[6:10], mixed[-2], mixed.split(), mixed.isascii())
print('Straße'.upper(), 'ÀÉÎ'.lower(), 'àéî'.upper())
print(sorted('éaèz'), 'é' > 'z', 'a' < 'é')
print('ü'.center(5, '*'), 'ü'.encode(), 'ü'.encode('latin-1'), b'\xc3\xbc'.decode())
d = {'日本': 'Japan', 'ü': 'u'}
print(d['日本'], d)
print(str(len('😀😀')), '😀' in mixed, mixed.find('😀'))
