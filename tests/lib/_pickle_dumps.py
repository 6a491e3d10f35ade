# _pickle.dumps of builtin and user objects in every protocol: the bytes
# (compared with CPython's), and what loads (C and Python) makes of them
import _pickle, pickle, collections, datetime, decimal, fractions
class A:
    def __init__(self): self.x = 1; self.y = [1, 2]
class B(object):
    __slots__ = ('a', 'b')
    def __init__(self): self.a = 1; self.b = 'x'
class C:
    class D:
        pass
class E(int): pass
class L(list): pass
class Dd(dict): pass
class NE:
    def __new__(cls, a, *, b): o = object.__new__(cls); o.a = a; o.b = b; return o
    def __getnewargs_ex__(self): return ((self.a,), {'b': self.b})
rec = []; rec.append(rec)
rt = ([],); rt[0].append(rt)
objs = [None, True, False, 0, 1, -1, 255, 256, 65535, 65536, -65536, 2**31-1, 2**31, -2**31, -2**31-1,
        2**62, -2**62, 2**64, -2**64, 2**100, -(2**100), -128, 127, -129, 2**1000,
        0.0, -0.0, 1.5, 1e100, 1e-300, float('inf'), float('-inf'), 3.14159,
        '', 'abc', 'é', '\u20ac', '\U0001f600', 'a\nb\\c\r\x00\x1a', 'x' * 300,
        b'', b'abc', b'\x00\xff' * 200, bytearray(), bytearray(b'xy'),
        (), (1,), (1, 2), (1, 2, 3), (1, 2, 3, 4), [], [1], [1, 2], list(range(2500)),
        {}, {1: 2}, {1: 2, 'a': 'b'}, {i: i for i in range(1500)},
        set(), {1, 2, 3}, frozenset(), frozenset({1, 2}), set(range(1200)),
        A(), B(), C.D, C.D(), E(5), L([1, 2]), Dd(a=1), NE(1, b=2),
        len, int, type(None), type(...), type(NotImplemented), ..., NotImplemented,
        collections.OrderedDict(a=1),
        datetime.date(2020, 1, 2), datetime.datetime(2020, 1, 2, 3, 4, 5), decimal.Decimal('1.5'),
        fractions.Fraction(1, 3), complex(1, 2), range(10), slice(1, 2), rec, rt,
        [1, 1.5, 'a', 'a'], (lambda s: [s, s])('shared'), pickle.dumps,
        ]
import sys
for i, o in enumerate(objs):
    for proto in range(6):
        try:
            d = _pickle.dumps(o, proto)
        except Exception as e:
            print(i, proto, 'ERR', type(e).__name__, e)
            continue
        print(i, proto, d.hex())
        try:
            r = _pickle.loads(d)
            r2 = pickle._loads(d)
            print(' ', type(r).__name__, repr(r)[:80] == repr(r2)[:80] if 'object at' not in repr(r) else 'obj')
        except Exception as e:
            print(' LERR', type(e).__name__, e)
