# bytearray item and slice assignment and deletion, += and *=
def setitem(b, k, v):
    b[k] = v
    return b

def delitem(b, k):
    del b[k]
    return b

def show(label, f, *args):
    try:
        r = f(*args)
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

class Idx:
    def __index__(self):
        return 1

def fresh():
    return bytearray(b'abcdef')

show('set 0', setitem, fresh(), 0, 65)
show('set -1', setitem, fresh(), -1, 90)
show('set bool', setitem, fresh(), True, 66)
show('set index obj', setitem, fresh(), Idx(), 67)
show('set value index obj', setitem, fresh(), 0, Idx())
show('set range', setitem, fresh(), 0, 256)
show('set range oob', setitem, fresh(), 10, 256)
show('set oob', setitem, fresh(), 6, 1)
show('set neg oob', setitem, fresh(), -7, 1)
show('set str value', setitem, fresh(), 0, 'a')
show('set bytes value', setitem, fresh(), 0, b'a')
show('set str key', setitem, fresh(), 'x', 1)
show('set float key', setitem, fresh(), 1.0, 1)
show('set huge key', setitem, fresh(), 2 ** 70, 1)

show('slice replace', setitem, fresh(), slice(1, 3), b'XYZ')
show('slice shrink', setitem, fresh(), slice(1, 5), b'-')
show('slice empty', setitem, fresh(), slice(1, 3), b'')
show('slice insert', setitem, fresh(), slice(2, 2), bytearray(b'++'))
show('slice reversed bounds', setitem, fresh(), slice(5, 1), b'Q')
show('slice past end', setitem, fresh(), slice(10, 20), b'end')
show('slice all', setitem, fresh(), slice(None), b'new')
show('slice list', setitem, fresh(), slice(0, 2), [1, 2, 3])
show('slice range', setitem, fresh(), slice(0, 2), range(3))
show('slice iter', setitem, fresh(), slice(0, 2), iter([65]))
show('slice tuple', setitem, fresh(), slice(0, 2), (66,))
show('slice int', setitem, fresh(), slice(0, 2), 5)
show('slice float', setitem, fresh(), slice(0, 2), 1.5)
show('slice str', setitem, fresh(), slice(0, 2), 'ab')
show('slice none', setitem, fresh(), slice(0, 2), None)
show('slice bad item', setitem, fresh(), slice(0, 2), [300])
show('slice bad type item', setitem, fresh(), slice(0, 2), ['a'])
show('ext slice', setitem, fresh(), slice(None, None, 2), b'XYZ')
show('ext slice neg', setitem, fresh(), slice(None, None, -2), [1, 2, 3])
show('ext slice wrong size', setitem, fresh(), slice(None, None, 2), b'XY')
show('ext slice empty deletes', setitem, fresh(), slice(None, None, 2), b'')
show('ext slice rev', setitem, fresh(), slice(5, 1, -1), b'wxyz')
show('step -1 all', setitem, fresh(), slice(None, None, -1), b'123456')
b = fresh()
b[:] = b
print('self all', b)
b = fresh()
b[2:4] = b
print('self middle', b)
b = fresh()
b[::2] = b[1::2]
print('self ext', b)

show('del 0', delitem, fresh(), 0)
show('del -1', delitem, fresh(), -1)
show('del oob', delitem, fresh(), 6)
show('del str', delitem, fresh(), 'a')
show('del slice', delitem, fresh(), slice(1, 3))
show('del slice empty', delitem, fresh(), slice(3, 1))
show('del all', delitem, fresh(), slice(None))
show('del ext', delitem, fresh(), slice(None, None, 2))
show('del ext neg', delitem, fresh(), slice(None, None, -3))
show('del ext odd', delitem, fresh(), slice(1, None, 2))
show('del ext big step', delitem, fresh(), slice(1, None, 10))

b = fresh()
alias = b
b += b'gh'
b += bytearray(b'ij')
b += bytes(b)
print(b, alias is b)
try:
    b += b
except BufferError as e:
    print('BufferError', e)
b *= 2
print(len(b), alias is b)
b *= 0
print(b, alias is b)
b = fresh()
b *= -1
print(b)

def iadd(b, x):
    b += x
    return b

def imul(b, x):
    b *= x
    return b

show('iadd list', iadd, fresh(), [1])
show('iadd str', iadd, fresh(), 'a')
show('iadd int', iadd, fresh(), 1)
show('imul str', imul, fresh(), 'a')
show('imul float', imul, fresh(), 1.5)
show('imul index', imul, fresh(), Idx())
show('imul huge', imul, fresh(), 2 ** 70)

def add(a, b):
    return a + b
def mul(a, b):
    return a * b

show('add', add, bytearray(b'ab'), b'cd')
show('add ba', add, bytearray(b'ab'), bytearray(b'cd'))
show('bytes add ba', add, b'ab', bytearray(b'cd'))
show('add str', add, bytearray(b'a'), 'b')
show('str add', add, 'a', bytearray(b'b'))
show('add int', add, bytearray(b'a'), 1)
show('int add', add, 1, bytearray(b'a'))
show('mul', mul, bytearray(b'ab'), 2)
show('rmul', mul, 3, bytearray(b'ab'))
show('mul neg', mul, bytearray(b'ab'), -1)
show('mul float', mul, bytearray(b'ab'), 1.5)
show('float mul', mul, 1.5, bytearray(b'ab'))
show('mul str', mul, bytearray(b'ab'), 'x')
show('str mul', mul, 'x', bytearray(b'ab'))
show('mul bytes', mul, bytearray(b'ab'), b'x')
show('bytes mul', mul, b'x', bytearray(b'ab'))
show('mul huge', mul, bytearray(b'ab'), 2 ** 70)
r = bytearray(b'ab')
print(r + b'' is r, r * 1 is r, type(r * 1).__name__)

b = bytearray(b'abcdefgh')
seen = []
for c in b:
    seen.append(c)
    if len(b) > 4:
        b.pop()
print(seen, b)
it = iter(b)
next(it)
b.clear()
print(list(it))
b = bytearray(b'xy')
it = iter(b)
b.extend(b'z')
print(list(it))

class B(bytearray):
    pass

b = B(b'ab')
a = b
b += b'cd'
print(b, a is b, type(b).__name__)
b *= 2
print(b, a is b)
print(bytearray(b'x').__iadd__(b'y'), bytearray(b'x').__imul__(3))
show('__iadd__ int', bytearray(b'x').__iadd__, 1)
show('__imul__ str', bytearray(b'x').__imul__, 's')
