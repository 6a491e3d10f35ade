# `if x:` / `if not x:` / `while x:` on instances whose class has a Python
# __bool__, which compiled loops inline: results when __bool__ changes its
# answer, its instance's attribute types change (guards inside the inlined
# __bool__ fail: the rebuilt __bool__ frame makes the caller's jump), it
# returns a non-bool (TypeError at the jump), it raises, the class's
# __bool__ is replaced or deleted in the middle of the loop, and a subclass
# or __len__ takes over. Compared with CPython's output.
import zlib


def show(name, results):
    print(name, len(results), zlib.crc32(repr(results).encode()), results[-6:])


class Num:
    __slots__ = ('v',)

    def __init__(self, v):
        self.v = v

    def __bool__(self):
        return self.v != 0


def branches(xs):
    r = []
    for x in xs:
        if x:
            r.append(1)
        else:
            r.append(0)
        if not x:
            r.append(2)
        r.append(3 if x else 4)
    return r


# the same instances become true and false, and v changes type (int, str,
# float, None): guards in the inlined __bool__ fail in both directions
vals = [Num(i % 3) for i in range(2000)]
vals += [Num('0' if i % 2 else '') for i in range(300)]
vals += [Num(0.0), Num(1.5), Num(None), Num(0)] * 50
show('branches', branches(vals))


class Sign:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        if self.v < 0:
            raise ValueError('negative %r' % self.v)
        if self.v > 1000:
            return self.v       # not a bool: TypeError at the jump
        return self.v > 5


def guarded(xs):
    r = []
    for x in xs:
        try:
            if x:
                r.append('t')
            else:
                r.append('f')
        except (ValueError, TypeError) as e:
            r.append(type(e).__name__ + ':' + str(e))
    return r


show('guarded', guarded([Sign(i % 10) for i in range(1500)] + [Sign(-3), Sign(7), Sign(5000), Sign(2)] * 30))


# while x: with the __bool__ looking at a counter the body changes
class Countdown:
    def __init__(self, n):
        self.n = n

    def __bool__(self):
        return self.n > 0


def drain(k):
    total = 0
    for j in range(k):
        c = Countdown(j % 7)
        while c:
            c.n -= 1
            total += 1
    return total


print('drain', drain(3000))


# the class's __bool__ replaced, then deleted (its __len__ decides), in a
# hot loop
class Flip:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        return self.v % 2 == 0

    def __len__(self):
        return self.v % 3


def count(xs):
    return sum(1 for x in xs if x) + sum(1 for x in xs if not x)


def flips(n):
    xs = [Flip(i) for i in range(50)]
    r = []
    for i in range(n):
        t = 0
        for x in xs:
            if x:
                t += 1
        r.append(t)
        if i == n // 3:
            Flip.__bool__ = lambda self: self.v % 5 == 0
        if i == 2 * n // 3:
            del Flip.__bool__
    return r


show('flips', flips(300))


# a subclass overriding __bool__, mixed with the base class, and __bool__
# defined on the base only
class Base:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        return self.v > 10


class Derived(Base):
    def __bool__(self):
        return self.v < 10


class Plain(Base):
    pass


def mixed(xs):
    r = 0
    for x in xs:
        if x:
            r += x.v
        else:
            r -= 1
    return r


objs = [Base(i % 20) for i in range(1000)] + [Derived(i % 20) for i in range(1000)] + [Plain(i % 20) for i in range(1000)]
print('mixed', mixed(objs), mixed(objs[::-1]), mixed(objs[::7]))


# __bool__ that calls methods and reads properties of its instance
class Money:
    __slots__ = ('_int', '_exp', '_special')

    def __init__(self, digits, exp, special=False):
        self._int = digits
        self._exp = exp
        self._special = special

    @property
    def zero(self):
        return self._int == '0'

    def __bool__(self):
        return self._special or not self.zero


def moneys(n):
    r = []
    for i in range(n):
        m = Money(str(i % 4), -2, i % 97 == 0)
        if not m:
            r.append(i)
        elif m and i % 50 == 0:
            r.append(-i)
    return r


show('moneys', moneys(5000))
