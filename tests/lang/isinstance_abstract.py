# isinstance/issubclass: the abstract class protocol (__bases__ tuples, an
# instance's __class__ differing from its type), with CPython's messages
class R: pass
class Liar:
    @property
    def __class__(self): return R
class L2: pass
print(isinstance(Liar(), R), isinstance(Liar(), Liar), isinstance(Liar(), int), isinstance(L2(), R))
class L3(L2):
    __class__ = property(lambda self: R)
print(isinstance(L3(), R), isinstance(L3(), L2), isinstance(L2(), R))
import weakref
class T: pass
t = T(); p = weakref.proxy(t)
print(isinstance(p, T), isinstance(p, weakref.ProxyType))
class AB:
    def __init__(self, *b): self.__bases__ = b
a = AB(); b = AB(a); c = AB(b, AB())
print(issubclass(c, a), issubclass(b, c), issubclass(c, (int, a)))
class I:
    def __init__(self, cls): self.cls = cls
    def __getattribute__(self, n):
        if n == '__class__': return object.__getattribute__(self, 'cls')
        return object.__getattribute__(self, n)
print(isinstance(I(a), a), isinstance(I(c), a), isinstance(I(a), c))
for bad in [(1, int), (int, 1), (1, a), (a, 1)]:
    try: print(issubclass(*bad))
    except TypeError as e: print(e)
try: isinstance(1, 1)
except TypeError as e: print(e)


# nested tuples count against the recursion limit with the frames
def nested(n, depth):
    if n:
        return nested(n - 1, depth)
    t = (int,)
    for i in range(depth):
        t = (t,)
    return isinstance(1, t), issubclass(bool, t)


print(nested(700, 100))
for n in (950, 0):
    try:
        print(nested(n, 100 if n else 2000))
    except RecursionError as e:
        print("RecursionError", e)
