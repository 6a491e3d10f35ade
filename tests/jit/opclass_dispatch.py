# Operators on instances of user classes, run hot enough that the JIT
# inlines the Python dunder the dispatch calls (record.c,
# record_binop_dunder): every result must match CPython's dispatch, in
# loops whose recorded path later changes (NotImplemented on some
# iterations only, a dunder that raises, a dunder rebound on the class
# mid-loop), so that guards fail inside the inlined dunder and the
# interpreter finishes the operator from a rebuilt frame.
import functools

N = 2000


class V:
    def __init__(self, x):
        self.x = x

    def __add__(self, o):
        if isinstance(o, V):
            return V(self.x + o.x)
        if isinstance(o, (int, float)):
            return V(self.x + o)
        return NotImplemented

    def __radd__(self, o):
        if isinstance(o, (int, float)):
            return V(o + self.x * 10)
        return NotImplemented

    def __mul__(self, k):
        return V(self.x * k)

    def __neg__(self):
        return V(-self.x)

    def __invert__(self):
        return V(~self.x)

    def __pos__(self):
        return self

    def __repr__(self):
        return 'V(%r)' % (self.x,)


def sums(n):
    acc = V(0)
    t = 0
    for i in range(n):
        acc = acc + V(i)          # V.__add__
        acc = acc + 1             # V.__add__ with an int
        w = 2 + V(i)              # int declines, V.__radd__
        t += w.x
        t += (-V(i)).x + (~V(i)).x + (+V(i)).x
        t += (V(i) * 3).x
    return acc, t


print('sums', sums(N))


# NotImplemented on some iterations only: the inlined __add__ returns it,
# the dispatch goes on with the other operand's __radd__ (or TypeError).
class Other:
    def __init__(self, y):
        self.y = y

    def __radd__(self, o):
        return ('radd', o.x if isinstance(o, V) else o, self.y)


def some_notimpl(n):
    out = []
    for i in range(n):
        o = Other(i) if i % 7 == 3 else V(i)
        r = V(1) + o
        out.append(r if isinstance(r, tuple) else r.x)
    return out[:10], len(out)


print('notimpl', some_notimpl(N))


# The left operand's __add__ declines by value, not by type: the guard
# that fails is inside the inlined dunder, and the frame rebuilt from it
# returns NotImplemented to the dispatch, which goes on with the right
# operand's __radd__ (rarely declining), or the recorded path is the
# declining one (mostly declining), a residual call for the rest.
class Left:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        if self.v % 7 == 3:
            return NotImplemented
        return ('Left.add', self.v, o.v)


class Right:
    def __init__(self, v):
        self.v = v

    def __radd__(self, o):
        return ('Right.radd', o.v, self.v)


class MostlyDeclines:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        if self.v % 7 != 3:
            return NotImplemented
        return ('MostlyDeclines.add', self.v, o.v)


def value_notimpl(n):
    out = []
    for i in range(n):
        out.append(Left(i) + Right(-i))
        out.append(MostlyDeclines(i) + Right(i))
        try:
            Left(i) + Left(i)
        except TypeError as e:
            out.append(str(e))
    return out[:9], out[-3:], len(out)


print('value notimpl', value_notimpl(N))


class Lone:
    def __add__(self, o):
        return NotImplemented


def type_errors(n):
    errs = 0
    for i in range(n):
        a = Lone() if i % 5 == 0 else V(i)
        try:
            a + Lone()
        except TypeError as e:
            errs += 1
            msg = str(e)
    return errs, msg


print('typeerror', type_errors(N))


# Same class on both sides: only __add__ is tried, never __radd__.
class Only:
    def __add__(self, o):
        return NotImplemented

    def __radd__(self, o):
        return 'radd'


def same_class(n):
    k = 0
    for i in range(n):
        try:
            Only() + Only()
        except TypeError:
            k += 1
    return k


print('same class', same_class(N))


# A subclass that overrides the reflected method goes first; one that
# inherits it does not.
class Base:
    def __init__(self, v):
        self.v = v

    def __sub__(self, o):
        return ('Base.sub', self.v, o.v)

    def __rsub__(self, o):
        return ('Base.rsub', self.v, o.v)


class Sub(Base):
    def __rsub__(self, o):
        if o.v % 4 == 0:
            return NotImplemented
        return ('Sub.rsub', self.v, o.v)


class Inherits(Base):
    pass


def subclass_priority(n):
    out = []
    for i in range(n):
        out.append(Base(i) - Sub(i + 1))
        out.append(Base(i) - Inherits(i + 1))
        out.append(Sub(i) - Base(i + 1))
    return out[:9], out[-3:], len(out)


print('subclass', subclass_priority(N))


# In-place: __iadd__ first, then __add__ when there is none or it
# declines; a list attribute mutated in place.
class Acc:
    def __init__(self):
        self.items = []
        self.n = 0

    def __iadd__(self, x):
        if x % 3 == 0:
            return NotImplemented
        self.items.append(x)
        return self

    def __add__(self, x):
        r = Acc()
        r.items = self.items + [-x]
        r.n = self.n + 1
        return r


class NoIadd:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        return NoIadd(self.v + o)


def inplace(n):
    a = Acc()
    b = NoIadd(0)
    for i in range(n):
        a += i
        b += i
    return len(a.items), a.n, a.items[:5], b.v


print('inplace', inplace(N))


# A dunder that raises, on some iterations only.
class Picky:
    def __init__(self, v):
        self.v = v

    def __mul__(self, k):
        if k == 13:
            raise ValueError('unlucky %d' % self.v)
        return Picky(self.v * k)


def raising(n):
    s = 0
    caught = []
    for i in range(n):
        try:
            s += (Picky(i) * (i % 20)).v
        except ValueError as e:
            caught.append(str(e))
    return s, caught[:3], len(caught)


print('raising', raising(N))


# The dunder rebound on the class mid-loop: compiled code must stop using
# the old one.
class Rebound:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        return Rebound(self.v + o.v)


def rebound(n):
    acc = Rebound(0)
    for i in range(n):
        if i == n // 2:
            Rebound.__add__ = lambda self, o: Rebound(self.v - o.v)
        if i == 3 * n // 4:
            def add3(self, o):
                return Rebound(self.v + 3 * o.v)
            Rebound.__add__ = add3
        acc = acc + Rebound(i)
    return acc.v


print('rebound', rebound(N))


# Dunders that are no plain Python function: a builtin, a partial, a
# staticmethod, None.
class Builtins:
    __add__ = list.__add__ if False else (lambda self, o: ('lambda', o))
    __mul__ = functools.partial(lambda k, self, o: (k, o), 'partial')
    __sub__ = staticmethod(lambda a, b: ('static', b))
    __truediv__ = None


def not_plain(n):
    out = []
    b = Builtins()
    for i in range(n):
        out.append(b + i)
        try:
            out.append(b * i)
        except TypeError as e:
            out.append(('TypeError', str(e)))
        try:
            out.append(b - i)
        except TypeError as e:
            out.append(('TypeError', str(e)))
        try:
            out.append(b / i)
        except TypeError as e:
            out.append(('TypeError', str(e)))
    return out[:4], out[-4:], len(out)


print('not plain', not_plain(N))


# An operator whose dunder changes its __code__ mid-loop.
class Coded:
    def __init__(self, v):
        self.v = v

    def __add__(self, o):
        return self.v + o


def other_code(self, o):
    return self.v * 100 + o


def code_swap(n):
    s = 0
    c = Coded(2)
    for i in range(n):
        if i == n // 2:
            Coded.__add__.__code__ = other_code.__code__
        s += c + i
    return s


print('code swap', code_swap(N))


# Unary dunders returning NotImplemented or raising.
class U:
    def __init__(self, v):
        self.v = v

    def __neg__(self):
        if self.v % 9 == 0:
            return NotImplemented
        if self.v % 11 == 0:
            raise ArithmeticError(self.v)
        return U(-self.v)


def unary(n):
    out = []
    for i in range(n):
        try:
            r = -U(i)
            out.append(r if r is NotImplemented else r.v)
        except ArithmeticError as e:
            out.append(('err', e.args[0]))
    return out[:12], len(out)


print('unary', unary(N))


# Matrix multiplication and the reflected form on a float.
class M:
    def __init__(self, v):
        self.v = v

    def __matmul__(self, o):
        return M(self.v * o.v + 1)

    def __rtruediv__(self, o):
        return M(o / self.v)


def matmul(n):
    m = M(1)
    t = 0.0
    for i in range(n):
        m = M(m.v % 1000) @ M(2)
        t += (1.5 / M(i + 1)).v
    return m.v, round(t, 6)


print('matmul', matmul(N))
