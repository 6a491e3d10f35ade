# Generators consumed by C folds and builders: sum, min, max, any, all,
# list(), tuple(), sorted(), str.join (gen.c gen_ahead_next, builtins.c, list.c
# list_fill_from_generator). With a compiled resume trace the generator
# may run ahead of its consumer (several items per entry) only while the
# consumer's taking of them is invisible; everything here must look as in
# CPython: results, how far the generator ran when the consumer stops or
# raises (each generator logs its steps), the order of the generator's
# steps against Python code the consumer runs (__add__, key=, __bool__,
# __lt__), exceptions and tracebacks from the body at the n-th item,
# PEP 479, values changing type mid-way (guards failing in a compiled
# body while it runs ahead), finally blocks of abandoned generators, and
# gi_running/gi_frame seen from inside.
import sys
import traceback

ROUNDS = 300
log = []


def gen_of(values, tag="g"):
    for v in values:
        log.append(tag)
        yield v


def show(label, f):
    del log[:]
    try:
        r = f()
    except Exception as e:
        tb = [(fr.name, fr.lineno) for fr in traceback.extract_tb(e.__traceback__)]
        r = "%s: %s %s" % (type(e).__name__, e, tb[-2:])
    print(label, r, len(log))


# hot generator expressions over the same data, as bench/generators.py
data = [(i * 7919) % 1000 for i in range(3000)]
for rnd in range(ROUNDS):
    s = sum(x * x for x in data if x % 3)
    m = max(x - (i % 17) for i, x in enumerate(data))
    n = min(x + (i % 5) * 0.5 for i, x in enumerate(data))
    a = any(x > 998 for x in data)
    b = all(x < 1000 for x in data)
    c = sum(1 for x in data if x < 100)
    lst = list(x // 7 for x in data)
    tup = tuple(x % 11 for x in data if x & 1)
    j = ",".join(str(x) for x in data[:50])
    srt = sorted((x % 13 for x in data), reverse=True)
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print(rnd, s, m, n, a, b, c, sum(lst), len(tup), sum(tup), j[:40], srt[:3], srt[-3:], len(srt))


# values changing type mid-way in a hot generator (guards fail inside the
# compiled body while it runs ahead of the fold)
def mixed(n, kind):
    for i in range(n):
        log.append(i)
        if kind == 0:
            yield i
        elif kind == 1:
            yield i if i < n // 2 else i * 0.25
        elif kind == 2:
            yield i if i != n - 5 else 10 ** 40
        elif kind == 3:
            yield 2 ** 61 + i if i > 10 else i
        elif kind == 4:
            yield i * 1.5 if i % 7 else -i
        elif kind == 5:
            yield i if i != n // 2 else True


for rnd in range(ROUNDS):
    for kind in range(6):
        if rnd % 100 == 0 or rnd == ROUNDS - 1:
            show("sum kind %d" % kind, lambda: sum(mixed(100, kind)))
            show("sum start kind %d" % kind, lambda: sum(mixed(100, kind), 0.5))
            show("max kind %d" % kind, lambda: max(mixed(100, kind)))
            show("min kind %d" % kind, lambda: min(mixed(100, kind)))
            show("list kind %d" % kind, lambda: list(mixed(100, kind))[-3:])
            show("tuple kind %d" % kind, lambda: tuple(mixed(100, kind))[:3])
            show("sorted kind %d" % kind, lambda: sorted(mixed(100, kind))[-3:])
        else:
            sum(mixed(100, kind))
            max(mixed(100, kind))
            list(mixed(100, kind))


# a consumer that stops or raises: how far the generator ran
def stepper(values):
    for v in values:
        log.append(v)
        yield v


many_false = [0] * 200 + [5] + [0] * 50
many_true = [1] * 200 + [0] + [1] * 50
for rnd in range(ROUNDS):
    del log[:]
    g = stepper(many_false)
    r1 = any(g)
    n1 = len(log)
    rest = next(g)
    del log[:]
    g2 = stepper(many_true)
    r2 = all(g2)
    n2 = len(log)
    rest2 = next(g2)
    del log[:]
    r3 = any(stepper([0, 0.0, None, False, "", 0, [], 3]))
    n3 = len(log)
    r4 = all(stepper([1, 2.5, "x", True, -1, 0.0, 7]))
    n4 = len(log)
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("any/all", r1, n1, rest, r2, n2, rest2, r3, n3, r4, n4)

# sum raising at the n-th item: a str after numbers, a float after a huge
# start, an int subclass, the log shows where the generator stopped
class MyInt(int):
    def __add__(self, other):
        log.append("MyInt.add")
        return int(self) + other

    __radd__ = __add__


for rnd in range(ROUNDS):
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        show("sum str", lambda: sum(stepper([1, 2, 3] * 20 + ["x"] + [4] * 40)))
        show("sum overflow", lambda: sum(stepper([1.0] * 40), 10 ** 400))
        show("sum big then float", lambda: sum(stepper([10 ** 400] + [1.5] * 40)))
        show("sum MyInt", lambda: sum(stepper([1, 2, MyInt(3), 4, 5] * 8)))
        show("sum start MyInt", lambda: sum(stepper(list(range(40))), MyInt(7)))
        show("max str", lambda: max(stepper(list(range(50)) + ["a"] + list(range(30)))))
        show("min bool", lambda: min(stepper([5, 3, True, 2.5, 9])))
        show("max nan", lambda: max(stepper([1.0, float("nan"), 3.0] * 10)))
    else:
        sum(stepper([1, 2, 3] * 20))
        max(stepper(list(range(50))))


# Python code run by the consumer, interleaved with the generator's steps
class Loud:
    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return "Loud(%s)" % self.v

    def __lt__(self, other):
        log.append("lt %s %s" % (self.v, other.v))
        return self.v < other.v

    def __gt__(self, other):
        log.append("gt %s %s" % (self.v, other.v))
        return self.v > other.v

    def __bool__(self):
        log.append("bool %s" % self.v)
        return bool(self.v)

    def __add__(self, other):
        log.append("add %s" % other)
        return Loud(self.v + other)


def key_fn(x):
    log.append("key %s" % x)
    return -x


for rnd in range(ROUNDS):
    del log[:]
    k1 = max(stepper(list(range(12))), key=key_fn)
    k2 = min((x * 2 for x in range(10)), default=-1)
    k3 = max((x for x in []), default="empty")
    k4 = max(stepper([3, 1, 2]), key=key_fn, default=0)
    b1 = any(stepper([0, 0, Loud(0), 0, Loud(2), 0]))
    b2 = all(stepper([1, Loud(1), 1, Loud(0), 1]))
    lm = max(stepper([Loud(1), Loud(5), Loud(3)])).v
    ls = sum(stepper([1, 2, 3]), Loud(10)).v
    snapshot = list(log)
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("loud", k1, k2, k3, k4, b1, b2, lm, ls)
        print(" ", snapshot)


# exceptions in the body at the n-th item, tracebacks, PEP 479
def raising(n, at, exc):
    for i in range(n):
        log.append(i)
        if i == at:
            raise exc
        yield i


def stop_inside(n):
    for i in range(n):
        yield i
        if i == n - 3:
            next(iter([]))


for rnd in range(ROUNDS):
    at = 40 + rnd % 7
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        show("sum raise", lambda: sum(raising(80, at, ValueError("bad %d" % at))))
        show("max raise", lambda: max(raising(80, at, KeyError(at))))
        show("list raise", lambda: list(raising(80, at, ZeroDivisionError("z"))))
        show("tuple raise", lambda: tuple(raising(80, at, OSError(at))))
        show("sorted raise", lambda: sorted(raising(80, at, OSError(at))))
        show("join raise", lambda: "".join(str(x) for x in raising(80, at, TypeError("t"))))
        show("any raise", lambda: any(raising(80, at, IndexError(at))))
        show("all raise", lambda: all(x + 1 for x in raising(80, at, IndexError(at))))
        show("pep479 sum", lambda: sum(stop_inside(60)))
        show("pep479 list", lambda: list(stop_inside(60)))
    else:
        try:
            sum(raising(80, at, ValueError("bad")))
        except ValueError:
            pass
        try:
            list(stop_inside(60))
        except RuntimeError:
            pass


# return values, finally blocks, generators abandoned mid-way
def with_finally(n, stop_at):
    try:
        for i in range(n):
            log.append(i)
            yield i
        return "done"
    finally:
        log.append("finally")


for rnd in range(ROUNDS):
    del log[:]
    t = sum(with_finally(50, 0))
    g = with_finally(100, 0)
    found = any(x > 60 for x in g)
    before_close = list(log[-2:])
    g.close()
    after_close = log[-1]
    lst = list(with_finally(30, 0))
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("finally", t, found, before_close, after_close, len(lst), log.count("finally"))


# gi_running, gi_frame and the consumer's stack seen from inside
def introspect(n):
    me = yield None
    for i in range(n):
        if i == n - 4:
            f = sys._getframe()
            yield (me.gi_running, me.gi_frame is f, f.f_back.f_code.co_name, f.f_lineno)
        else:
            yield i


def consume(kind):
    g = introspect(60)
    next(g)
    g.send(g)
    if kind == 0:
        return [x for x in list(g) if isinstance(x, tuple)]
    if kind == 1:
        return [x for x in tuple(g) if isinstance(x, tuple)]
    return g.gi_running, g.gi_frame is not None


for rnd in range(ROUNDS):
    r0 = consume(0)
    r1 = consume(1)
    r2 = consume(2)
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("introspect", r0, r1, r2)

# a generator that is already running: ValueError, as next() gives it
def selfish():
    yield 1
    yield sum(me)
    yield 3


me = selfish()
print(next(me))
try:
    next(me)
except ValueError as e:
    print("ValueError", e)
print(list(me))
