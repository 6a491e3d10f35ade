# bytearray: construction, repr, mutating methods, comparisons, hashing
def show(label, f, *args):
    try:
        r = f(*args)
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

class Idx:
    def __index__(self):
        return 2

show('empty', bytearray)
show('int', bytearray, 3)
show('index', bytearray, Idx())
show('list', bytearray, [72, 105])
show('range', bytearray, range(97, 100))
show('iter', bytearray, iter(b'xy'))
show('bytes', bytearray, b'abc')
show('bytearray', bytearray, bytearray(b'copy'))
show('str', bytearray, 'caf\xe9', 'utf-8')
show('str errors', bytearray, 'caf\xe9', 'ascii', 'replace')
show('negative', bytearray, -1)
show('huge', bytearray, 2 ** 70)
show('str no enc', bytearray, 'abc')
show('int enc', bytearray, 1, 'utf-8')
show('enc type', bytearray, 'a', 1)
show('item range', bytearray, [256])
show('item huge', bytearray, [2 ** 70])
show('item type', bytearray, ['a'])
show('float', bytearray, 1.5)
show('none', bytearray, None)
show('enc only', bytearray, b'', None)
try:
    bytearray(errors='strict')
except TypeError as e:
    print('TypeError', e)
try:
    bytearray(5, errors='strict')
except TypeError as e:
    print('TypeError', e)
try:
    bytearray(x=1)
except TypeError as e:
    print('TypeError', e)
try:
    bytearray(1, 2, 3, 4)
except TypeError as e:
    print('TypeError', e)

for b in [bytearray(), bytearray(b"it's"), bytearray(b'say "hi"'), bytearray(b'both \' and "'), bytearray(b'\x00\xff\n')]:
    print(repr(b), str(b), len(b), bool(b))

ba = bytearray(b'hello')
ba.append(33)
ba.append(True)
print(ba)
ba.extend(b' wor')
ba.extend(bytearray(b'ld'))
ba.extend([33, 63])
ba.extend(range(48, 50))
ba.extend(iter(b'!'))
ba.extend(ba)
print(ba, len(ba))
print(ba.pop(), ba.pop(0), ba.pop(-3), ba.pop(Idx()), ba)
ba.insert(0, 72)
ba.insert(-1, 45)
ba.insert(1000, 90)
ba.insert(-1000, 65)
print(ba)
ba.remove(45)
ba.remove(90)
print(ba)
ba.reverse()
print(ba)
c = ba.copy()
c.clear()
print(c, ba != c, len(c))
ba.clear()
print(ba, len(ba))
ba.append(0)
print(ba)

e = bytearray(b'abc')
show('append range', e.append, 256)
show('append neg', e.append, -1)
show('append str', e.append, 'a')
show('append bytes', e.append, b'a')
show('append none', e.append)
show('extend int', e.extend, 5)
show('extend none', e.extend, None)
show('extend str', e.extend, 'ab')
show('extend bad item', e.extend, [1, 300])
show('pop big', e.pop, 10)
show('pop neg', e.pop, -10)
show('pop huge', e.pop, 2 ** 70)
show('pop str', e.pop, 'a')
show('pop two', e.pop, 1, 2)
show('pop empty', bytearray().pop)
show('remove missing', e.remove, 100)
show('remove bytes', e.remove, b'a')
show('remove range', e.remove, 300)
show('insert one', e.insert, 0)
show('insert str', e.insert, 'a', 1)
show('insert range', e.insert, 0, 256)
show('insert huge', e.insert, 2 ** 70, 1)
show('copy arg', e.copy, 1)
show('clear arg', e.clear, 1)
show('reverse arg', e.reverse, 1)
print(e)
try:
    e.append(item=1)
except TypeError as ex:
    print('TypeError', ex)

print(bytearray(b'a') == b'a', b'a' == bytearray(b'a'), bytearray(b'a') < b'b', bytearray(b'b') >= bytearray(b'a'))
print(bytearray(b'a') == 'a', bytearray(b'a') != 'a', bytearray(b'a') == [97], bytearray() == b'')
try:
    bytearray(b'a') < 'a'
except TypeError as ex:
    print('TypeError', ex)
try:
    hash(bytearray(b'a'))
except TypeError as ex:
    print('TypeError', ex)
try:
    {bytearray(b'a'): 1}
except TypeError as ex:
    print('TypeError', ex)
print(bytearray.__hash__, type(bytearray(b'x')).__name__, isinstance(bytearray(), bytes))
print(bytes(bytearray(b'conv')), list(bytearray(b'ab')), sorted(bytearray(b'cab')), list(reversed(bytearray(b'abc'))))
it = iter(bytearray(b'abcd'))
print(next(it), next(it))

class Sub(bytearray):
    pass

s = Sub(b'sub')
s.tag = 'attr'
print(repr(s), s.tag, s == b'sub', type(s.upper()).__name__, type(s + b'x').__name__, type(s[:1]).__name__)
print(type(s.copy()).__name__, type(Sub.fromhex('00')).__name__, Sub.fromhex('4142'), type(s * 2).__name__)
s.append(33)
print(s, isinstance(s, bytearray))
