# array: error types and messages, as CPython's
import array
A = array.array

def t(f):
    try:
        r = f()
        print('ok', r)
    except Exception as e:
        print(type(e).__name__ + ':', e)

vals = [2**7, -2**7 - 1, 2**8, -1, 2**15, -2**15 - 1, 2**16, 2**31, -2**31 - 1,
        2**32, 2**63, -2**63 - 1, 2**64, 1.5, 'a', 'ab', None, b'x', True]
for tc in array.typecodes:
    for v in vals:
        print(tc, repr(v), end=' ')
        t(lambda: A(tc, [v]))
    a = A(tc)
    print(tc, 'append', end=' '); t(lambda: a.append(vals[12]))
    print(tc, 'len', len(a))

t(lambda: A())
t(lambda: A('i', 1, 2))
t(lambda: A(1))
t(lambda: A('x'))
t(lambda: A('ii'))
t(lambda: A('i', 'abc'))
t(lambda: A('i', A('u', 'a')))
t(lambda: A('u', 5))
t(lambda: A('i', initializer=[]))
t(lambda: A('b', [1, 2, 300]))
t(lambda: A('i', b'abc'))
a = A('i', [1, 2])
for src in ['a.frombytes(1)', 'a.frombytes(b"abc")', 'a.frombytes(memoryview(b"abcd"))', 'a.fromunicode("x")',
            'a.tounicode()', 'a.fromlist(1)', 'a.fromlist([3, "x"])', 'a.pop(5)', 'A("i").pop()', 'a.index(9)',
            'a.remove(9)', 'a[5]', 'a["x"]', 'a[1.0]', 'a.__setitem__(5, 1)', 'a.__delitem__(5)',
            'a.__setitem__(slice(None, None, 2), A("i", [1, 2, 3]))', 'a.__setitem__(slice(0, 1), [1])',
            'a.__setitem__(slice(0, 1), A("b", [1]))', 'a.__setitem__(0, "x")', 'a + [1]', 'a + A("b")',
            'a.extend(A("b"))', 'a.extend([1, "x"])', 'a.__iadd__([1])', 'a.fromfile(1, -1)', 'a.count()',
            'a.insert()', 'a.insert(0)', 'a.index(1, 2, 3, 4)', 'a.index(1, "x")', 'a.append(1, 2)',
            'A("u").fromunicode(1)', 'a.__deepcopy__()', 'a * "x"', 'a.__imul__("bad")', 'a.byteswap(1)',
            'hash(a)', 'a < 5', 'a.tolist(1)', 'a.pop(1, 2)', 'a.append(x=1)', 'a.tolist(x=1)', 'a.insert(x=1)', 'a.__imul__(1.5)', 'A("u", ["ab"])',
            'array._array_reconstructor(1, "i", 1, b"")', 'array._array_reconstructor(int, "i", 1, b"")',
            'array._array_reconstructor(A, "x", 1, b"")', 'array._array_reconstructor(A, "i", 99, b"")',
            'array._array_reconstructor(A, "i", -1, b"")', 'array._array_reconstructor(A, "i", 1, "")',
            'A("i").fromfile(open("/dev/null", "rb"), 1)', 'a.fromfile(1, 1)', 'a', 'a.itemsize', 'a.typecode']:
    print(src, end=' ')
    t(lambda: eval(src))
try:
    a.typecode = 'b'
except AttributeError as e:
    print('AttributeError')

# Py_ssize_t arguments overflow; subscripts do not fit an index
a = A('i', [1, 2, 3])
for src in ['a.insert(2**70, 1)', 'a.pop(2**70)', 'a.fromfile(None, 2**70)', 'a[2**70]', 'a.index(1, 2**70)',
            'a.index(1, -2**70)', 'iter(a).__setstate__(2**70)', 'a.insert(1.5, 1)', 'a.pop(None)',
            'a.index(3, None)']:
    print(src, end=' ')
    t(lambda: eval(src))
