# Class.name and Class.name(...) (LOAD_ATTR / LOAD_METHOD on a class) in
# hot loops, which compiled code reads as constants: object.__new__ (whose
# name type has too), builtin types' methods and classmethods, a class's
# functions, staticmethods and classmethods, plain values, names that type
# defines as data descriptors (__name__, __doc__, __mro__), and the class
# attributes rebound or deleted in the middle of the loop. Also
# isinstance() of constant ints and floats, which folds. Compared with
# CPython's output.
import zlib


def show(name, results):
    print(name, len(results), zlib.crc32(repr(results).encode()), results[-4:])


class Dec:
    __slots__ = ('v',)

    def __new__(cls, v=0):
        self = object.__new__(cls)
        self.v = v
        return self

    @staticmethod
    def twice(x):
        return 2 * x

    @classmethod
    def make(cls, v):
        return cls(v)

    def get(self):
        return self.v

    limit = 10


class SubDec(Dec):
    pass


def news(n):
    r = []
    for i in range(n):
        d = Dec(i)
        s = SubDec.make(i)
        r.append((d.v, type(s).__name__, Dec.twice(i), Dec.get(d), Dec.limit, Dec.__name__, SubDec.__mro__[1].__name__,
                  Dec.__doc__, int.from_bytes(b'\x01\x02', 'big'), str.join('-', ['a', 'b']), object.__ne__(d, s)))
        if i == n // 2:
            Dec.limit = 'changed'
            Dec.twice = staticmethod(lambda x: -x)
        if i == 3 * n // 4:
            del Dec.limit
            Dec.limit = 99
    return r


show('news', news(3000))


def convert(o):
    if isinstance(o, Dec):
        return 'dec'
    if isinstance(o, int):
        return 'int'
    if isinstance(o, float):
        return 'float'
    if isinstance(o, str):
        return 'str'
    return 'other'


def conversions(n):
    r = []
    for i in range(n):
        r.append((convert(1), convert(2.5), convert(True), convert(i), convert(10 ** 30), convert(Dec(1)),
                  convert('x'), convert(None), convert(-0.0)))
    return r


show('conversions', conversions(3000))
