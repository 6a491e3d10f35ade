# array: pickling round trips, __reduce_ex__, _array_reconstructor, subclasses, weakrefs
import array, pickle, weakref
A = array.array

for tc in array.typecodes:
    a = A(tc, 'abc' if tc == 'u' else [1, 2, 3])
    for proto in range(4):
        b = pickle.loads(pickle.dumps(a, proto))
        print(tc, proto, b == a, b is a, type(b).__name__, b)
    r = a.__reduce_ex__(3)
    print(r[0].__name__, r[1][1:], r[2])
    print(a.__reduce_ex__(2)[1:])
    print(pickle.loads(pickle.dumps(A(tc), 2)))

# the machine format codes of the other byte order
R = array._array_reconstructor
print(R(A, 'i', 9, b'\x00\x00\x00\x01\x00\x00\x00\x02'))
print(R(A, 'i', 13, b'\x00\x00\x00\x00\x00\x00\x00\x01'))
print(R(A, 'h', 5, b'\xff\xfe'), R(A, 'H', 3, b'\xff\xfe'), R(A, 'b', 0, b'\xff'), R(A, 'B', 1, b'\xff'))
print(R(A, 'L', 6, b'\xff\xff\xff\xff'), R(A, 'd', 15, b'\x3f\xc0\x00\x00'), R(A, 'f', 17, b'?\xf8' + b'\0' * 6))
print(R(A, 'u', 18, 'hi'.encode('utf-16-le')), R(A, 'u', 21, 'hi'.encode('utf-32-be')))

class Sub(A):
    def __init__(self, typecode, data=(), extra=None):
        self.extra = extra
    def total(self):
        return sum(self)

s = Sub('i', [1, 2, 3], extra='x')
print(s, repr(s), s.total(), s.extra, type(s[:1]).__name__, type(s + s).__name__, type(s * 2).__name__)
for proto in range(4):
    t = pickle.loads(pickle.dumps(s, proto))
    print(proto, type(t).__name__, t, t.extra)
import copy
print(type(copy.copy(s)).__name__, copy.deepcopy(s), isinstance(s, A))

w = weakref.ref(s)
print(w() is s)
a = A('i')
print(weakref.ref(a)() is a)

it = iter(A('i', [1, 2, 3]))
next(it)
for proto in range(4):
    print(list(pickle.loads(pickle.dumps(it, proto))))
print(it.__reduce__()[1:])
list(it)
print(it.__reduce__()[1:])
import collections.abc
print(isinstance(A('i'), collections.abc.MutableSequence), issubclass(A, collections.abc.Sequence))
