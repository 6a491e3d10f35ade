# str(buffer, encoding) decodes any buffer (bytes.decode itself, not an
# override); a NUL fill character pads; __str__/__repr__/__format__ = None
# block the operation; str and bytes iterator types cannot be instantiated.
import array, sys

print(str(memoryview(b'character buffers'), 'utf-8', 'strict'))
print(str(bytearray(b'x\xc3\xa9'), 'utf-8'), str(array.array('b', [65, 66]), 'ascii'))
class B(bytes):
    def decode(self, *a):
        return 'override'
class D:
    def decode(self, *a):
        return 'no buffer'
print(str(B(b'ab'), 'ascii'), repr(str(b'', 'ascii')), str(b'\xff', errors='replace'))
for o in (D(), 42, 'x', [1]):
    try:
        print(str(o, 'utf-8'))
    except TypeError as e:
        print('TypeError', e)
try:
    str(memoryview(b'a\xff'), 'utf-8')
except UnicodeDecodeError as e:
    print(e, repr(e.object))

for spec, v in (('{0:\x00<6s}', 'foo'), ('{0:\x01<6s}', 'foo'), ('{0:\x00^6s}', 'foo'),
                ('{0:\x00<6}', 3), ('{0:\x00^6}', 3), ('{0:\x00<6}', 3.14), ('{0:\x00^6}', 3.14),
                ('{0:\x00<12}', 3 + 2.0j), ('{0:\x00^12}', 3 + 2.0j), ('{0:\x00=+8}', 42),
                ('{0:\x00>10,}', 1234567), ('{0:\U0001f680^7}', 'ab'), ('{0:\x00<5}', True)):
    print(repr(spec.format(v)))
print(repr(format(7, '\x00>4')), repr(format('é', '\x00^5')))

class M:
    def __repr__(self): return 'M()'
    __str__ = None
class R:
    __repr__ = None
class N:
    def __repr__(self): return 'N()'
    __format__ = None
for o in (M(), R(), N()):
    for f in (lambda: '{!s}'.format(o), lambda: '{!r}'.format(o), lambda: '{}'.format(o),
              lambda: str(o), lambda: repr(o), lambda: f'{o!s}', lambda: '%s' % o,
              lambda: '%r' % o, lambda: format(o)):
        try:
            print(repr(f()))
        except TypeError as e:
            print('TypeError', e)

for o in ('abc', '\U0001f680', b'ab', bytearray(b'ab')):
    t = type(iter(o))
    try:
        t()
        print('created', t.__name__)
    except TypeError as e:
        print('TypeError', e)
it = iter('héllo')
next(it)
print(list(it), list(iter('abc')))

# a str too large to allocate is a MemoryError (test_raiseMemError's point)
for ch, size in (('a', 1), ('é', 1), ('€', 2), ('\U0010ffff', 4)):
    for _ in range(2):
        try:
            ch * ((sys.maxsize - 72) // size)
            print('allocated?')
        except MemoryError:
            print('MemoryError', repr(ch))
