# array: construction, items, methods, for every typecode
import array

print(array.typecodes, array.ArrayType is array.array, array.array.__module__)
print(array.array, type(iter(array.array('i'))))

examples = {
    'b': [-128, -1, 0, 1, 127], 'B': [0, 1, 200, 255],
    'h': [-32768, -5, 0, 32767], 'H': [0, 7, 65535, 300],
    'i': [-2**31, -1, 0, 2**31 - 1], 'I': [0, 1, 2**32 - 1, 9],
    'l': [-2**63, -1, 0, 2**63 - 1], 'L': [0, 2**64 - 1, 5, 6],
    'q': [-2**63, 0, 2**63 - 1, 4], 'Q': [0, 2**64 - 1, 12345, 8],
    'f': [0.0, 1.5, -2.25, 1e10], 'd': [0.0, 1.5, -2.25, 1e300, float('inf')],
    'u': ['a', 'b', '\xe9', '\u20ac', '\U0001f600'],
}
for tc in array.typecodes:
    ex = examples[tc]
    a = array.array(tc, ex)
    print(tc, a.typecode, a.itemsize, len(a), a, repr(a))
    print(' list', a.tolist(), list(a), a[0], a[-1], a[1:3], a[::-1], a[::2])
    b = array.array(tc, a.tobytes())
    print(' bytes', b == a, len(a.tobytes()), b is not a)
    c = array.array(tc, a)
    print(' copy', c == a, c is a, array.array(tc, iter(ex)) == a, array.array(tc, tuple(ex)) == a)
    a.append(ex[1]); a.insert(0, ex[2]); a.insert(-100, ex[0]); a.insert(100, ex[3])
    print(' grow', a, a.count(ex[1]), a.index(ex[1]), a.index(ex[1], 4), ex[2] in a)
    print(' pop', a.pop(), a.pop(0), a.pop(-2), a)
    a.remove(ex[1]); a.reverse()
    print(' rev', a)
    a.extend(ex); a.extend(array.array(tc, ex[:2])); a.fromlist(ex[:1])
    print(' ext', a, len(a))
    del a[0]; del a[1:3]; del a[::3]
    print(' del', a)
    a[0] = ex[0]; a[-1] = ex[-1]
    print(' set', a)
    d = array.array(tc, ex) + array.array(tc, ex[:1])
    print(' ops', d, array.array(tc, ex[:2]) * 2, 2 * array.array(tc, ex[:1]), array.array(tc, ex) * 0)
    e = array.array(tc, ex[:2]); e += array.array(tc, ex[2:3]); e *= 2
    print(' iops', e)
    e.byteswap(); e.byteswap()
    print(' swap', e == array.array(tc, (ex[:2] + ex[2:3]) * 2))
    print(' sizeof', array.array(tc).__sizeof__() == 64, a.__sizeof__() >= 64 + len(a) * a.itemsize)
    addr, n = a.buffer_info()
    print(' info', isinstance(addr, int), n == len(a))

u = array.array('u', 'hello')
print(u, u.tounicode(), repr(u), u[1], u[1:3])
u.fromunicode(' world')
print(u.tounicode(), len(u))
print(array.array('u'), array.array('u', ''), array.array('i', []), array.array('d', b''))

# byteswap values
x = array.array('H', [1, 0x1234]); x.byteswap(); print(x)
x = array.array('i', [1]); x.byteswap(); print(x)
x = array.array('d', [1.0]); x.byteswap(); x.byteswap(); print(x)

# comparisons
A = array.array
print(A('i', [1, 2]) == A('i', [1, 2]), A('i', [1, 2]) == A('b', [1, 2]), A('i', [1, 2]) == A('d', [1.0, 2.0]))
print(A('i', [1, 2]) < A('i', [1, 3]), A('i', [1, 2]) < A('i', [1, 2, 0]), A('i', [2]) > A('i', [1, 9]))
print(A('i', [1, 2]) <= A('i', [1, 2]), A('i', [1, 2]) != A('i', [1]), A('i') >= A('i'))
print(A('d', [float('nan')]) == A('d', [float('nan')]), A('u', 'ab') < A('u', 'b'))
print([1, 2] == A('i', [1, 2]))
print(hasattr(A, "__radd__"), A("i", [1]).__mul__(2), A("i", [1]).__rmul__(2))
for s in ["A(\"i\").__mul__(\"x\")", "[1] + A(\"i\")", "A(\"i\") * 1.5", "(1,) * A(\"i\")"]:
    try: eval(s)
    except TypeError as e: print(s, e)

# bools and __index__
class Idx:
    def __index__(self): return 7
print(A('b', [True, False, Idx()]), A('Q', [Idx()]), A('d', [1, True, Idx()]))
a = A('i', range(10))
print(a[Idx()], a[True], a[-1])

# extended slice assignment and deletion
a = A('i', range(10))
a[::2] = A('i', [0, 0, 0, 0, 0]); print(a)
a[1::3] = A('i', [9, 9, 9]); print(a)
a[8:2:-2] = A('i', [7, 7, 7]); print(a)
a[2:5] = A('i', [1]); print(a)
a[1:1] = A('i', [5, 5, 5]); print(a)
a[:] = a; print(a)
a[2:] = a; print(a)
a[::2] = A('i'); print(a)
del a[::-2]; print(a)
a = A('i', range(10)); del a[7:1:-3]; print(a)
a = A('i', range(10)); a[5:2] = A('i', [1, 2]); print(a)

# iteration and reversed
a = A('h', [3, 1, 2])
it = iter(a)
print(next(it), list(it), list(it), list(reversed(a)), sorted(a), sum(a), max(a))
a = A('i', [1, 2, 3]); it = iter(a); next(it); a.append(4); print(list(it))

# copy module
import copy
a = A('f', [1.5, 2.5])
print(copy.copy(a), copy.deepcopy(a), copy.copy(a) is a, a.__copy__(), a.__deepcopy__(None))
# CPython 3.11's array has no __class_getitem__ (3.12 adds it)
try:
    A[int]
except TypeError as e:
    print(e)
