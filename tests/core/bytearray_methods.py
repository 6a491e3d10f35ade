# the methods bytearray shares with bytes: results are bytearrays
def show(label, f, *args):
    try:
        r = f(*args)
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

b = bytearray(b'  Hello, World  ')
print(b.strip(), b.lstrip(), b.rstrip(b' d'), b.upper(), b.lower(), b.swapcase(), b.title(), b.capitalize())
print(b.split(), b.split(b','), b.rsplit(None, 1), b.splitlines(), bytearray(b'a\nb').splitlines(True))
print(b.partition(b','), b.rpartition(b'x'), b.partition(bytearray(b'o')))
print(b.replace(b'l', b'L'), b.replace(b'l', b'', 2), b.center(20, b'*'), b.ljust(18, b'.'), b.rjust(18))
print(bytearray(b'7').zfill(3), bytearray(b'a\tb').expandtabs(4), b.translate(None, b'lo'))
print(bytearray(b',').join([b'a', bytearray(b'b')]), bytearray().join([]), b.removeprefix(b'  '), b.removesuffix(b'  '))
print(b.find(b'o'), b.rfind(111), b.index(b'W'), b.rindex(b'l'), b.count(b'l'), b.startswith(b'  H'), b.endswith((b'x', b'  ')))
print(b.isalpha(), bytearray(b'abc').isalpha(), bytearray(b'12').isdigit(), bytearray(b'Ab').istitle(), bytearray().isascii())
print(b.hex(), b.hex(':', 4), bytearray.fromhex('68 69'), b.decode(), bytearray(b'\xff').decode('latin-1'))
print(bytearray(b'%s=%d') % (b'x', 5), bytearray(b'%c') % 65, bytearray(b'100%%') % ())
print(bytearray(b'abc')[1], bytearray(b'abc')[-1], bytearray(b'abcdef')[1:4], bytearray(b'abcdef')[::-2])
print(b'b' in bytearray(b'abc'), 98 in bytearray(b'abc'), bytearray(b'bc') in bytearray(b'abc'), bytearray(b'x') in b'xyz')

results = [b.strip(), b.split()[0], b.partition(b',')[1], b.replace(b'x', b'y'), b.center(2), b.zfill(1),
           b.translate(None), b.removeprefix(b'q'), b.expandtabs(), b[:], b * 1, b + b'', b.title(), b.join([])]
for r in results:
    print(type(r).__name__, r is b)
print(type(b'x'.partition(bytearray(b'x'))[1]).__name__, type(b'x'.rpartition(bytearray(b'y'))[2]).__name__)

show('find str', b.find, 'x')
show('strip str', b.strip, 'x')
show('upper arg', b.upper, 1)
show('partition none', b.partition)
show('zfill none', b.zfill)
show('removeprefix two', b.removeprefix, b'a', b'b')
show('join ints', b.join, [1])
show('center fill', b.center, 30, 'x')
show('index missing', b.index, b'zz')
show('decode bad', bytearray(b'\xff').decode)
show('fromhex bad', bytearray.fromhex, 'xx')
show('getitem oob', bytearray(b'a').__getitem__, 1)
show('getitem str', bytearray(b'a').__getitem__, 'a')
show('getitem huge', bytearray(b'a').__getitem__, 2 ** 70)
show('format extra', bytearray(b'x').__mod__, 5)
try:
    b.find(sub=b'x')
except TypeError as e:
    print('TypeError', e)
print(bytearray.maketrans(b'ab', b'AB') == bytes.maketrans(b'ab', b'AB'))

m = bytearray(b'mutable')
u = m.upper()
m[0] = 77
print(m, u, m.upper() == u)
words = bytearray(b'one two three').split()
words[0][0] = 79
print(words)
