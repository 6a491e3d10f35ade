# bytearray and its subclasses pickle and copy as CPython (__reduce__/__reduce_ex__: a latin-1 str below protocol 3, bytes from 3 on, with the instance state)
import pickle, copy
print(bytearray(b'ab\xff').__reduce_ex__(2), bytearray(b'ab').__reduce_ex__(4), bytearray().__reduce__())
class B(bytearray): pass
class S(bytearray):
    __slots__ = ('a', '__dict__')
b = B(b'a\x80c'); b.x = 1
s = S(b'zz'); s.a = 5; s.y = 2
for proto in range(6):
    c = pickle.loads(pickle.dumps(b, proto)); d = pickle.loads(pickle.dumps(s, proto))
    print(proto, type(c).__name__, c, c.x, type(d).__name__, d, d.a, d.y)
print(copy.copy(b), copy.deepcopy(s).a, pickle.loads(pickle.dumps(bytearray(b'q\xfe'))))
