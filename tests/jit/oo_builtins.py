# Builtins and operations the JIT traces through (type, isinstance,
# issubclass, abs, min/max, int, float, getattr/hasattr, super(), x ** 2):
# the results on edge cases, with values changing type and the builtins
# rebound in the middle of hot loops, so that guards fail and bridges and
# invalidated traces take over. Compared with CPython's output.
import builtins
import zlib

class MyInt(int):
    def __abs__(self):
        return 'MyInt.abs'

class MyFloat(float):
    pass

class HasAbs:
    def __abs__(self):
        return 'HasAbs.abs'

class HasInt:
    def __int__(self):
        return 42
    def __float__(self):
        return 4.5
    def __index__(self):
        return 7

def cycle(values, n):
    return [values[i % len(values)] for i in range(n)]

def show(name, results):
    # a digest of all results (the same under CPython), and the last ones,
    # where the edge cases are
    print(name, len(results), zlib.crc32(repr(results).encode()), results[-8:])

def safe(f, x):
    try:
        return f(x)
    except Exception as e:
        return type(e).__name__

# type(x) and type(x) is C
class A:
    def __init__(self, v):
        self.v = v
class B(A):
    pass
def types(xs):
    r = []
    for x in xs:
        t = type(x)
        r.append((t.__name__, t is B, t is int))
    return r
show('type', types([B(1)] * 1500 + [A(2)] * 5 + [1] * 1500 + [True, 2.5, MyInt(3), 'x', None]))

# isinstance, issubclass, and a class whose bases change in the loop
class A2:
    pass
class C(A):
    pass
def subclass(n):
    r = []
    for i in range(n):
        if i == n // 2:
            C.__bases__ = (A2,)
        r.append((issubclass(C, A), issubclass(C, A2), isinstance(C(1) if i < n // 2 else C(), A)))
    return r
C.__init__ = lambda self, *a: None
show('issubclass', subclass(3000))

# abs
show('abs-int', [abs(x) for x in cycle([-3, 4, 0, -(2**61)], 2000)] + [abs(x) for x in [-(2**62), -(2**63), 2**70, -(2**70)]])
show('abs-float', [abs(x) for x in cycle([-1.5, 2.5, -0.0, 1e300], 2000)] +
     [abs(x) for x in [float('-inf'), float('nan'), -5e-324]])
def abs_mixed(xs):
    return [abs(x) for x in xs]
show('abs-mixed', abs_mixed([-7] * 1500 + [-2.5] * 1500 + [MyInt(-3), HasAbs(), True, False, MyFloat(-1.5), -2**100]))

# min / max of two numbers
def minmax(pairs):
    r = []
    for a, b in pairs:
        r.append((min(a, b), max(a, b)))
    return r
nan = float('nan')
show('minmax-int', minmax(cycle([(1, 2), (5, -5), (3, 3), (-2**62, 2**62)], 2000)))
show('minmax-float', minmax(cycle([(1.5, 2.5), (0.0, -0.0), (-0.0, 0.0), (2.0, 1.0)], 2000)))
show('minmax-nan', minmax([(nan, 1.0), (1.0, nan), (float('inf'), nan)] * 700))
show('minmax-mixed', minmax([(1, 2)] * 1500 + [(1, 2.5), (2.5, 1), (True, 0), (MyInt(4), 3), ('a', 'b'), (2**80, 1)]))
def min_sign(n):
    # which of two equal values min() returns: the first
    r = []
    for i in range(n):
        a, b = (0.0, -0.0) if i % 2 else (-0.0, 0.0)
        r.append(str(min(a, b)) + str(max(a, b)))
    return r
show('minmax-zero', min_sign(2000))

# int(x) and float(x)
show('int-float', [int(x) for x in cycle([2.7, -2.7, 0.5, -0.0, 1e15, 4.0e18], 2000)])
show('int-special', [safe(int, x) for x in [1.5] * 1500 + [1e19, 1e300, -1e300, float('inf'), float('-inf'), nan,
                                              MyFloat(2.5), HasInt(), True, 7, -2**70]])
show('float-int', [float(x) for x in cycle([3, -3, 2**53 + 1, 2**62 - 1, -(2**62), 0], 2000)])
show('float-special', [safe(float, x) for x in [3] * 1500 + [2.5, MyInt(5), HasInt(), True, 2**1030, -2**70]])

# getattr / hasattr with a constant name
class P:
    def __init__(self):
        self.x = 1
class Q(P):
    def __getattr__(self, name):
        return 'Q.' + name
def attrs(objs):
    r = []
    for o in objs:
        r.append((getattr(o, 'x'), hasattr(o, 'x'), hasattr(o, 'y'), safe(lambda o: getattr(o, 'y'), o)))
    return r
p2 = P()
p2.y = 5
p3 = P()
del p3.x
p3.x = 'again'
show('getattr', attrs([P()] * 1500 + [p2, Q(), p3, P()]))

# rebinding builtins in the middle of hot loops
def my_abs(x):
    return 'my_abs'
def rebind_builtin(n):
    r = []
    for i in range(n):
        if i == n // 2:
            builtins.abs = my_abs
        r.append(abs(-i))
    builtins.abs = orig_abs
    return r
orig_abs = builtins.abs
show('rebind-builtin', rebind_builtin(3000))
def rebind_global(n):
    global len, max
    r = []
    for i in range(n):
        if i == n // 2:
            max = lambda a, b: 'global max'
        r.append(max(i, 5))
    del max
    return r
show('rebind-global', rebind_global(3000))

# super()
class Base:
    def __init__(self, v):
        self.v = v
    def m(self, k):
        return self.v + k
    @classmethod
    def cm(cls):
        return cls.__name__
    tag = 'Base.tag'
class Mid(Base):
    def __init__(self, v):
        super().__init__(v * 2)
    def m(self, k):
        return super().m(k) + 1
    @classmethod
    def cm(cls):
        return 'Mid>' + super().cm()
    def tagged(self):
        return super().tag
    def cls_of_super(self):
        return super().__class__.__name__
class Leaf(Mid):
    def m(self, k):
        return super().m(k) * 10
def supers(n):
    r = []
    for i in range(n):
        o = Mid(i) if i % 3 else Leaf(i)
        r.append(o.m(1))
        if i == n // 2:
            Base.m = lambda self, k: -k
    return r
show('super', supers(3000))
def super_misc(n):
    r = []
    for i in range(n):
        o = Mid(i)
        r.append((o.tagged(), Mid.cm(), o.cls_of_super()))
    return r
show('super-misc', super_misc(2000))

# powers and float division
def powers(xs):
    r = []
    for x in xs:
        r.append(safe(lambda x: x ** 2, x))
    return r
show('pow2-float', powers([1.5] * 1500 + [-3.0, 1e200, -1e155, float('inf'), nan, 1e-200, MyFloat(2.0)]))
show('pow2-int', powers([7] * 1500 + [-3, 3037000499, 3037000500, 2**40, -2**62, True]))
show('pow-other', [safe(lambda x: (x ** 3, x ** 2.0, x ** 0.5, 2 ** x), x) for x in [2.0] * 1500 + [-8.0, 0.0, 1e300]])
show('floordiv-mod', [safe(lambda x: (x // 0.75, x % 0.75, -x // 0.75, -x % -0.75), x) for x in
                      cycle([1.0, 2.5, -0.0, 0.0, 1e300], 2000) + [float('inf'), nan]])
show('div-zero', [safe(lambda y: (2.5 // y, 2.5 % y), y) for y in [0.5] * 1500 + [0.0, -0.0, 1.0]])

# len() of instances whose class has a Python __len__ (inlined; its result
# checked as len() does, also when a guard fails inside __len__)
class Sized:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
class BoolLen:
    def __len__(self):
        return True
class SubLen:
    def __len__(self):
        return MyInt(4)
class Unsized:
    pass
def lens(objs):
    return [safe(len, o) for o in objs]
show('len-user', lens([Sized(i) for i in range(1500)] + [BoolLen(), SubLen(), Sized(-5), Sized(2**70), Sized(True),
                                                         Sized(2**65), Sized('x'), Sized(2.0), Unsized(), Sized(3)]))
show('len-bool', lens([BoolLen()] * 1500 + [Sized(3), Sized(-2), SubLen(), [1, 2]]))
def len_rebind(n):
    r = []
    o = Sized(3)
    for i in range(n):
        if i == n // 2:
            Sized.__len__ = lambda self: 100
        r.append(len(o))
    return r
show('len-rebind', len_rebind(3000))
class Branchy:
    # a guard inside the inlined __len__ fails for the last objects: the
    # rebuilt __len__ frame's return still goes through len()'s checks
    def __init__(self, n):
        self.n = n
    def __len__(self):
        if self.n > 100:
            return -1 if self.n > 1000 else True
        return self.n
show('len-guard', lens([Branchy(i % 50) for i in range(1500)] + [Branchy(500), Branchy(5000), Branchy(7)]))
