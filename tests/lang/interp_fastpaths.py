# The interpreter's fast paths (tpy --jit off) against CPython, on the
# cases they must leave to the generic code: subclasses with overridden
# dunders, mutation during iteration and sorting, unhashable keys, errors.
import math


# ---- LOAD_METHOD on modules and classes (cached like LOAD_ATTR) ---------------
class Shape:
    def area(self):
        return 1

    @classmethod
    def make(cls, n):
        return cls.__name__, n

    @staticmethod
    def twice(x):
        return 2 * x


class Square(Shape):
    def area(self):
        return 4


def module_and_class_calls():
    out = []
    for i in range(4):
        out.append(math.sqrt(16.0) + math.floor(i / 2))
        out.append(Shape.area(Square()))
        out.append(Square.area(Square()))
        out.append(Shape.make(i))
        out.append(Square.make(i))
        out.append(Shape.twice(i))
        out.append(str.upper("ab"))
        out.append(dict.fromkeys("xy", i))
    return out


print(module_and_class_calls())


def rebound_module_attribute():
    # the cached cell follows a rebinding and a deletion of the attribute
    out = []
    saved = math.floor
    for step in range(6):
        if step == 2:
            math.floor = lambda x: "patched"
        if step == 4:
            del math.floor
        try:
            out.append(math.floor(2.5))
        except AttributeError as e:
            out.append(str(e))
    math.floor = saved
    out.append(math.floor(2.5))
    return out


print(rebound_module_attribute())


def rebound_class_attribute():
    class K:
        def f(self):
            return "f1"
    out = []
    k = K()
    for step in range(5):
        if step == 2:
            K.f = lambda self: "f2"
        if step == 3:
            del K.f
        try:
            out.append(K.f(k))
        except AttributeError as e:
            out.append(str(e))
    return out


print(rebound_class_attribute())


class Meta(type):
    def hello(cls):
        return "meta hello " + cls.__name__


class WithMeta(metaclass=Meta):
    pass


for i in range(3):
    print(WithMeta.hello(), type(WithMeta).hello(WithMeta))

try:
    math.no_such_function(1)
except AttributeError as e:
    print("AttributeError:", e)
try:
    Shape.no_such_method()
except AttributeError as e:
    print("AttributeError:", e)


# ---- built-in constructors skip object.__init__ -------------------------------
print(list(range(2, 9, 3)), set([3, 1]), frozenset("ab") == frozenset("ba"), tuple([1, 2]), bytes(2))
for bad in [lambda: range(1, 2, 3, 4), lambda: range(), lambda: object(1), lambda: set(1, 2),
            lambda: tuple(1, 2), lambda: range(x=1), lambda: frozenset(a=1)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
try:
    range.__init__ = None
except TypeError as e:
    print("TypeError:", e)


class MyRange:
    def __new__(cls, *args):
        return range(*args)


print(MyRange(3), list(MyRange(1, 4)))


class MySet(set):
    def __init__(self, items, tag):
        super().__init__(items)
        self.tag = tag


print(sorted(MySet([2, 1], "t")), MySet([1], "t").tag)


# ---- FOR_ITER over a list -------------------------------------------------------
def list_iteration():
    out = []
    items = [1, 2, 3]
    for x in items:
        out.append(x)
        if x < 3 and len(items) < 6:
            items.append(x * 10)    # an iterator sees appends
    out.append(items)
    items = [1, 2, 3, 4]
    for x in items:
        out.append(x)
        del items[0]                # and removals
    it = iter([7, 8])
    for x in it:
        out.append(x)
    for x in it:                    # exhausted: stays exhausted
        out.append(("again", x))
    empty = []
    for x in empty:
        out.append(x)

    class L(list):
        def __iter__(self):
            return iter([42])
    for x in L([1, 2]):
        out.append(x)
    return out


print(list_iteration())


# ---- `in` on sets and dicts -----------------------------------------------------
class Key:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        return isinstance(other, Key) and self.v == other.v


class CountingSet(set):
    def __contains__(self, x):
        return "overridden"


class CountingDict(dict):
    def __contains__(self, x):
        return x == "yes"


def membership():
    s = {1, -1, -2, 2**61 - 1, 2**61, -(2**61), 2**62, "a", 1.5, (1, 2), Key(3)}
    d = {1: 1, "b": 2, Key(4): 3, -1: 4}
    out = []
    for probe in [1, -1, -2, 2**61 - 1, 2**61, -(2**61), 2**62, -(2**61) + 1, 0, "a", "b", 1.5, 1.0,
                  True, (1, 2), Key(3), Key(4), 2**100]:
        out.append((probe in s, probe not in s, probe in d, probe not in d,
                    probe in frozenset(s)))
    out.append(5 in CountingSet())
    out.append(("yes" in CountingDict(), "no" in CountingDict()))
    for bad in [[], {}, set()]:
        try:
            out.append(bad in s)
        except TypeError as e:
            out.append(str(e))
        try:
            out.append(bad in d)
        except TypeError as e:
            out.append(str(e))
    out.append(frozenset([1]) in {frozenset([1])})
    out.append({1} in {frozenset([1])})
    seen = set()
    for i in range(-5, 5):
        seen.add(i)
        seen.add(i * 2**60)
    out.append(sorted(seen))
    out.append(hash(-1) == hash(-2))
    return out


for line in membership():
    print(line)


# ---- sorting with tuple keys ----------------------------------------------------
class Rev:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v > other.v

    def __eq__(self, other):
        return self.v == other.v

    def __repr__(self):
        return "Rev(%r)" % self.v


def tuple_sorts():
    out = []
    items = {"b": 2, "a": 2, "c": 1, "d": 3, "e": 1}
    out.append(sorted(items.items()))
    out.append(sorted(items.items(), key=lambda kv: (-kv[1], kv[0])))
    out.append(sorted([(1, "x"), (1,), (), (0, "y", 1), (1, "x", 0)]))
    out.append(sorted([(2**70, 1), (2**70, 0), (-(2**70), 5)]))
    out.append(sorted([(1.5, "a"), (1, "b"), (True, "c"), (0.5, "d")]))
    out.append(sorted([(Rev(1), 0), (Rev(3), 1), (Rev(2), 2), (Rev(3), 0)]))
    nan = float("nan")
    out.append(sorted([(nan, 2), (nan, 1)]))
    out.append(sorted([("\u00e9", 1), ("e", 2), ("\U0001f600", 3), ("", 4)]))
    out.append(sorted([(3, 1), (1, 2)] * 20, reverse=True)[:4])
    try:
        sorted([(1, "a"), (1, 2)])
    except TypeError as e:
        out.append(str(e))

    class T(tuple):
        def __lt__(self, other):
            return tuple.__gt__(self, other)
    out.append(sorted([T((1,)), T((2,)), T((0,))]))
    out.append(sorted([(1, 2), [0, 1]] if False else [(2, 1), (1, 3)]))
    try:
        sorted([(1,), [1]])
    except TypeError as e:
        out.append(str(e))
    big = [(i % 7, -i) for i in range(200)]
    out.append(sorted(big)[:5])
    out.append(sorted(big, key=lambda t: (t[1] % 5, t))[:5])
    return out


for line in tuple_sorts():
    print(line)


# an element comparison that mutates the list being sorted
class Mutator:
    def __init__(self, v, victim):
        self.v = v
        self.victim = victim

    def __eq__(self, other):
        self.victim.append(0)
        return self.v == other.v

    def __lt__(self, other):
        return self.v < other.v


victim = []
pairs = [(Mutator(i % 3, victim), i) for i in range(10)]
try:
    pairs.sort()
    print("sorted", [p[1] for p in pairs])
except ValueError as e:
    print("ValueError:", e)
print(len(victim) > 0)


# ---- `a, b = b, a`: a tuple built only to be unpacked -------------------------
def swaps():
    out = []
    a, b, c = 1, 2, 3
    for i in range(3):
        a, b = b, a
        a, b, c = c, a, b
        x, = a,
        out.append((a, b, c, x))
    (p, q), r = (a, b), c
    out.append((p, q, r))
    first, *rest = a, b, c
    out.append((first, rest))
    d = {}
    d["k"], d["j"] = a, b
    out.append(sorted(d.items()))
    for bad in [lambda: exec("u, v = 1, 2, 3"), lambda: exec("u, v, w = 1, 2")]:
        try:
            bad()
        except ValueError as e:
            out.append(str(e))
    t = a, b
    u, v = t
    out.append((t, u, v))
    return out


print(swaps())


def traced_swaps():
    import sys
    events = []

    def tracer(frame, event, arg):
        if frame.f_code.co_name == "body":
            events.append((event, frame.f_lineno - frame.f_code.co_firstlineno))
        return tracer

    def body():
        a, b = 1, 2
        a, b = b, a
        return a, b
    sys.settrace(tracer)
    try:
        r = body()
    finally:
        sys.settrace(None)
    return r, events


print(traced_swaps())


# ---- f-strings: the length of the result is the sum of its parts' ------------
class S(str):
    def __format__(self, spec):
        return S("<" + str.__format__(self, spec) + ">")


def fstrings():
    out = []
    for x in [1, "é", "\U0001f600", "", "\ud83d", S("s"), 2.5, True]:
        s = f"{x}|{x!r}|{x:>4}|caf\u00e9"
        out.append((s, len(s), s[-1], s[::-1][:3], s.isascii(), s.upper()))
    hi, lo = "\ud83d", "\ude00"
    s = f"{hi}{lo}"
    out.append((len(s), s == hi + lo, [hex(ord(c)) for c in s]))
    return out


for line in fstrings():
    print(ascii(line))
