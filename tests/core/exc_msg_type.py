# TypeError messages raised by operators and builtins.
def check(label, f, *args):
    try:
        result = f(*args)
    except TypeError as e:
        print(label + ':', type(e).__name__, e)
    else:
        print(label + ': no error', repr(result))

def add(a, b):
    return a + b
def sub(a, b):
    return a - b
def mul(a, b):
    return a * b
def div(a, b):
    return a / b
def lt(a, b):
    return a < b
def ge(a, b):
    return a >= b
def neg(a):
    return -a
def inv(a):
    return ~a
def call(f):
    return f()
def index(a, i):
    return a[i]
def setitem(a, i, v):
    a[i] = v
def iterate(x):
    for item in x:
        pass
def unpack(x):
    a, b = x
    return a, b
def power(a, b):
    return a ** b
def mod(a, b):
    return a % b
def contains(a, b):
    return a in b

check('str + int', add, 'a', 1)
check('int + str', add, 1, 'a')
check('list + tuple', add, [1], (2,))
check('tuple + list', add, (1,), [2])
check('None + int', add, None, 1)
check('float - str', sub, 1.5, 'x')
check('set - list', sub, {1}, [1])
check('str * str', mul, 'ab', 'cd')
check('list * float', mul, [1], 2.0)
check('str / int', div, 'a', 2)
check('list < str', lt, [1], 'a')
check('int < None', lt, 1, None)
check('str >= int', ge, 'a', 1)
check('dict < dict', lt, {}, {})
check('unary - str', neg, 'a')
check('unary ~ float', inv, 1.5)
check('int ** str', power, 2, 'x')
check('str % int', mod, 'abc', 5)
check('call int', call, 5)
check('call str', call, 'abc')
check('call None', call, None)
check('subscript None', index, None, 0)
check('subscript int', index, 5, 0)
check('list[float]', index, [1, 2], 1.0)
check('list[str]', index, [1, 2], 'a')
check('str[str]', index, 'abc', 'a')
check('tuple[None]', index, (1,), None)
check('str item assign', setitem, 'abc', 0, 'x')
check('tuple item assign', setitem, (1, 2), 0, 5)
check('iterate int', iterate, 5)
check('iterate None', iterate, None)
check('unpack int', unpack, 7)
check('in int', contains, 1, 5)
check('str in list-of-int', contains, 'a', [1])
check('int in str', contains, 1, 'abc')
check('len(int)', len, 5)
check('len(None)', len, None)
check('hash(list)', hash, [1])
check('hash(dict)', hash, {})
check('int(None)', int, None)
check('int(list)', int, [1])
check('float(None)', float, None)
check('abs(str)', abs, 'x')
check('ord(ab)', ord, 'ab')
check('ord(int)', ord, 65)
check('chr(str)', chr, 'a')
check('range(float)', range, 1.5)
check('sorted mixed', sorted, [3, 'a', 1])
check('sum strings', sum, ['a', 'b'])
check('max(int)', max, 5)
check('next(list)', next, [1, 2])
check('iter(int)', iter, 5)
check('join ints', ''.join, [1, 2])
check('join mixed', ', '.join, ['a', 2])
check('split int', 'a b'.split, 1)
check('startswith list', 'abc'.startswith, ['a'])
check('isinstance str', isinstance, 1, 'int')
check('round(str)', round, 'x')
check('divmod str', divmod, 'a', 1)
check('bool + list', add, True, [])
d = {}
check('dict key list', setitem, d, [1], 2)
check('set of lists', set, [[1], [2]])
check('dict(int)', dict, 5)
check('list(int)', list, 5)
