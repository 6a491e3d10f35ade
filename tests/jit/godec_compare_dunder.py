# Comparisons whose left operand's class has Python __lt__/__gt__/__eq__...
# which compiled loops inline: results when the dunder returns
# NotImplemented (the reflected dunder, identity for == and !=, or
# TypeError take over), returns a non-bool, raises, when guards inside it
# fail (its operand types change), when the right operand is a subclass
# that overrides the reflected dunder (it goes first), and when the class's
# dunder is replaced in the middle of the loop. Compared with CPython's
# output.
import zlib


def show(name, results):
    print(name, len(results), zlib.crc32(repr(results).encode()), results[-6:])


class Money:
    __slots__ = ('cents',)

    def __init__(self, cents):
        self.cents = cents

    def _other(self, other):
        if isinstance(other, Money):
            return other.cents
        if isinstance(other, int):
            return other * 100
        if isinstance(other, float):
            return other * 100.0
        return None

    def __gt__(self, other):
        o = self._other(other)
        if o is None:
            return NotImplemented
        return self.cents > o

    def __lt__(self, other):
        o = self._other(other)
        if o is None:
            return NotImplemented
        return self.cents < o

    def __eq__(self, other):
        o = self._other(other)
        if o is None:
            return NotImplemented
        return self.cents == o

    def __le__(self, other):
        if other == 'raise':
            raise ValueError('no order with a string')
        return 'maybe' if self.cents % 3 else self.cents <= other

    __hash__ = None


class Rev:
    """Compares only from the right side (reflected dunders)."""

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):       # reflected of Money.__gt__
        return 'Rev.__lt__'

    def __eq__(self, other):
        return 'Rev.__eq__'


class SubMoney(Money):
    def __lt__(self, other):       # a subclass's reflected dunder goes first
        return 'SubMoney.__lt__'


def compare(pairs):
    r = []
    for a, b in pairs:
        try:
            r.append((a > b, a < b, a == b, a != b))
        except TypeError as e:
            r.append(('TypeError', str(e)))
        if a > 5000:
            r.append('big')
    return r


ms = [Money(i * 37 % 1000000) for i in range(1500)]
pairs = [(m, 5000) for m in ms] + [(m, ms[i - 1]) for i, m in enumerate(ms)]
pairs += [(m, 12.5) for m in ms[:200]]
pairs += [(Money(7), Rev(1)), (Money(8), 'text'), (Money(9), None), (Money(600000), SubMoney(1))] * 20
show('compare', compare(pairs))


def orders(xs):
    r = []
    for x in xs:
        try:
            r.append(x <= 5)
        except ValueError as e:
            r.append(str(e))
        except TypeError as e:
            r.append('TypeError')
    return r


show('orders', orders([Money(i % 10) for i in range(1500)] + [Money(3)] * 5))


def le_raise(n):
    r = []
    m = Money(3)
    for i in range(n):
        try:
            r.append(m <= ('raise' if i % 97 == 0 else i))
        except ValueError as e:
            r.append(str(e))
    return r


show('le_raise', le_raise(2000))


def replaced(n):
    a, b = Money(1), Money(2)
    r = []
    for i in range(n):
        r.append(a < b)
        if i == n // 2:
            Money.__lt__ = lambda self, other: 'replaced'
    return r


show('replaced', replaced(2000))


# the sort of objects by their __lt__
class Key:
    def __init__(self, k):
        self.k = k

    def __lt__(self, other):
        return self.k < other.k


def sorts(n):
    t = 0
    for j in range(n):
        ks = [Key((i * 7919 + j) % 101) for i in range(30)]
        best = ks[0]
        for k in ks:
            if k < best:
                best = k
        t += best.k
    return t


print('sorts', sorts(400))
