# bytes(): every source kind, the errors, subclasses, __bytes__
def show(label, f, *args):
    try:
        r = f(*args)
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

class WithBytes:
    def __bytes__(self):
        return b'from __bytes__'

class BadBytes:
    def __bytes__(self):
        return 'not bytes'

class Idx:
    def __index__(self):
        return 3

class Sub(bytes):
    pass

class Doubler(bytes):
    def __new__(cls, x):
        return super().__new__(cls, x * 2)

show('empty', bytes)
show('int', bytes, 3)
show('zero', bytes, 0)
show('bool', bytes, True)
show('index', bytes, Idx())
show('list', bytes, [104, 105])
show('tuple', bytes, (0, 255))
show('range', bytes, range(65, 70))
show('iter', bytes, iter([1, 2, 3]))
show('bytes', bytes, b'abc')
show('bytearray', bytes, bytearray(b'xyz'))
show('str utf8', bytes, 'caf\xe9', 'utf-8')
show('str latin1', bytes, 'caf\xe9', 'latin-1')
show('str ascii ignore', bytes, 'caf\xe9', 'ascii', 'ignore')
show('__bytes__', bytes, WithBytes())
show('bad __bytes__', bytes, BadBytes())
show('negative', bytes, -1)
show('huge', bytes, 2 ** 70)
show('str no enc', bytes, 'abc')
show('enc not str', bytes, 'abc', 1)
show('enc without str', bytes, 5, 'utf-8')
show('bytes with enc', bytes, b'a', 'utf-8')
show('unknown enc', bytes, 'a', 'no-such-codec')
show('unencodable', bytes, '\xe9', 'ascii')
show('item range', bytes, [256])
show('item negative', bytes, [-1])
show('item huge', bytes, [2 ** 70])
show('item type', bytes, ['a'])
show('float', bytes, 1.5)
show('none', bytes, None)
show('object', bytes, object())
print(bytes(source=b'kw'), bytes('k', encoding='ascii'), bytes('k', 'ascii', errors='strict'))
try:
    bytes(b'a', errors='strict')
except TypeError as e:
    print('TypeError', e)
try:
    bytes(encoding='utf-8')
except TypeError as e:
    print('TypeError', e)
try:
    bytes(bogus=1)
except TypeError as e:
    print('TypeError', e)
try:
    bytes(1, 2, 3, 4)
except TypeError as e:
    print('TypeError', e)

s = Sub(b'sub')
print(repr(s), type(s).__name__, isinstance(s, bytes), s == b'sub', hash(s) == hash(b'sub'))
print(type(s.upper()).__name__, type(s + b'!').__name__, type(s[1:]).__name__, type(s * 2).__name__)
print(type(bytes(s)).__name__, bytes(s), type(Sub.fromhex('41')).__name__, Sub.fromhex('4142'))
print(Sub(3), Sub([65]), Sub('x', 'ascii'))
d = Doubler(b'ab')
print(d, type(d).__name__)

# repr and str
for b in [b'', b'plain', b"it's", b'say "hi"', b'both \' and "', b'\x00\x01\t\n\r\x7f\x80\xff', b'back\\slash']:
    print(repr(b), str(b), str(b) == repr(b))
print('%s|%r' % (b'x', b'y'), '{}'.format(b'z'), f'{b"f"}')
print([b'a', b'b'], (b'c',), {b'k': b'v'})

# indexing, slicing, iteration
b = b'abcdef'
print(b[0], b[-1], b[1:3], b[::2], b[::-1], b[10:], b[-100:2], b[Idx()], b[True])
for i in [6, -7, 2 ** 70]:
    show('index ' + str(i), b.__getitem__, i)
show('str index', b.__getitem__, 'x')
show('float index', b.__getitem__, 1.5)
print(list(b'abc'), len(b''), len(b'abc'), bool(b''), bool(b'\x00'))
it = iter(b'xy')
print(next(it), next(it), list(it))
print(sorted(b'cab'), max(b'abc'), min(b'abc'), sum(b'\x01\x02'), list(reversed(b'abc')))
print(list(enumerate(b'ab')), b'ab'.__len__())
