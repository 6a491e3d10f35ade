# bytes operators: + * comparisons, hashing, mixing with bytearray and
# other types (NotImplemented), reflected operators of user classes
def add(a, b):
    return a + b
def mul(a, b):
    return a * b
def lt(a, b):
    return a < b
def ge(a, b):
    return a >= b

def show(label, f, *args):
    try:
        r = f(*args)
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

class Idx:
    def __index__(self):
        return 2

class RAdd:
    def __radd__(self, other):
        return 'radd ' + repr(other)
    def __rmul__(self, other):
        return 'rmul ' + repr(other)

class Cmp:
    def __eq__(self, other):
        return 'Cmp.eq'
    def __gt__(self, other):
        return 'Cmp.gt'

show('add', add, b'ab', b'cd')
show('add bytearray', add, b'ab', bytearray(b'cd'))
show('add empty', add, b'', b'x')
show('add str', add, b'a', 'b')
show('str add', add, 'a', b'b')
show('add int', add, b'a', 1)
show('int add', add, 1, b'a')
show('add none', add, b'a', None)
show('add list', add, b'a', [1])
show('radd', add, b'a', RAdd())
show('mul', mul, b'ab', 3)
show('rmul', mul, 3, b'ab')
show('mul zero', mul, b'ab', 0)
show('mul negative', mul, b'ab', -5)
show('mul bool', mul, b'ab', True)
show('mul index', mul, b'ab', Idx())
show('mul float', mul, b'ab', 1.5)
show('float mul', mul, 1.5, b'ab')
show('mul str', mul, b'ab', 'x')
show('mul bytes', mul, b'ab', b'x')
show('mul huge', mul, b'ab', 2 ** 70)
show('mul rmul', mul, b'ab', RAdd())
x = b'ab'
y = x
x += b'cd'
print(x, y, x is y)
x *= 2
print(x)

for a, b in [(b'a', b'b'), (b'abc', b'ab'), (b'', b''), (b'\xff', b'\x00'), (b'ab', bytearray(b'ab'))]:
    print(repr(a), repr(b), a == b, a != b, a < b, a <= b, a > b, a >= b)
print(b'a' == 'a', b'a' != 'a', b'1' == 1, b'' == None, b'a' == [97], b'a' == bytearray(b'a'))
show('lt str', lt, b'a', 'a')
show('lt int', lt, b'a', 1)
show('ge none', ge, b'a', None)
show('lt bytearray', lt, b'a', bytearray(b'b'))
print(b'a' == Cmp(), Cmp() == b'a', b'a' < Cmp())
print(hash(b'abc') == hash(b'abc'), hash(b'') == hash(b''), len({b'a', b'a', b'b'}), {b'k': 1}[b'k'])
print(b'abc'.__eq__('abc'), b'abc'.__lt__(1), b'x'.__add__(1) if False else 'skip')
print(sorted([b'b', b'a', b'ab', b'']), max(b'x', b'y'), b'ab' in [b'ab'], [b'a'].index(b'a'))
d = {}
d[b'one'] = 1
d[bytes([111, 110, 101])] += 1
print(d)
print(b'a'.__eq__(bytearray(b'a')), bytearray(b'a').__eq__(b'a'), b'a'.__lt__(bytearray(b'b')), bytearray(b'a').__lt__(b'b'))

class S(bytes):
    def __eq__(self, o):
        return 'S.eq'
print(S(b'x') == b'x', b'x' == S(b'x'), S(b'x') != b'y')
