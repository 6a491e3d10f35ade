# set(generator) and frozenset(generator) fill a new set while the
# generator may run ahead of the adds (set.c set_fill_from_generator,
# gen.c gen_send_batch, trace.c jit_gen_run_batch): only while every
# value yielded and every key already in the set is an exact int, float
# or str, whose adds run no Python code. Everything here must look as in
# CPython: the values, the order of the generator's side effects against
# __hash__/__eq__ calls of other keys, guards failing in the compiled body
# mid-batch (types changing), exceptions and tracebacks from the body,
# PEP 479, generators with return values and finally blocks, gi_running
# and gi_frame seen from the body, and s.update(g) on a set the generator
# reads (no running ahead there).
import sys
import traceback

ROUNDS = 400


def solve(cols):
    n = len(cols)
    return (n == len(set(cols[i] + i for i in range(n)))
            == len(set(cols[i] - i for i in range(n))))


import itertools
count = 0
for rep in range(4):
    for cols in itertools.permutations(range(6)):
        if solve(cols):
            count += 1
print("solutions", count)

# values of every plain kind, and of changing kinds mid-way (a guard of
# the compiled body fails while the generator is running ahead)
kinds = [
    lambda i: i,
    lambda i: i * 0.5,
    lambda i: str(i % 13),
    lambda i: 10 ** 30 + i,
    lambda i: i if i % 3 else i * 0.5,
    lambda i: (i, i),
    lambda i: None if i == 5 else i,
]
for round_no in range(ROUNDS):
    for kn, f in enumerate(kinds):
        if round_no % 50 == 0 or round_no == ROUNDS - 1:
            s = set(f(i) for i in range(12))
            fs = frozenset(f(i) for i in range(12))
            print(kn, len(s), sorted(s, key=repr) == sorted(fs, key=repr), type(fs).__name__)
        else:
            set(f(i) for i in range(12))

data = list(range(20))
total = 0
for r in range(ROUNDS):
    if r == ROUNDS // 2:
        data[7] = 7.5         # a float mid-way through a hot generator
    if r == ROUNDS - 3:
        data[11] = "eleven"   # then a str
    total += len(set(x for x in data))
print("total", total)


# The order of side effects: the body logs before each yield; a key with
# its own __hash__/__eq__ logs when the set hashes or compares it. Once
# such a key is in the set, a later plain key with the same hash is
# compared with it, so the generator must not have run further by then.
class Key:
    def __init__(self, h, log):
        self.h = h
        self.log = log

    def __repr__(self):
        return "Key(%d)" % self.h

    def __hash__(self):
        self.log.append("hash %d" % self.h)
        return self.h

    def __eq__(self, other):
        self.log.append("eq %d %r" % (self.h, other))
        return False


def logged(log, items):
    for x in items:
        log.append("yield %r" % (x,))
        yield x


last_log = None
for r in range(ROUNDS):
    log = []
    s = set(logged(log, [1, 2, 3, Key(5, log), 5, 6, 7, Key(13, log), 13, 14]))
    last_log = log
print(len(s))
print(last_log)

log = []
s = set(x for x in [3, 4, Key(4, log), 4, 5])
print(len(s), log)


# exceptions from the body after a few items, in a hot generator
def failing(n, at):
    for i in range(n):
        if i == at:
            1 / 0
        yield i


caught = 0
for r in range(ROUNDS):
    try:
        set(failing(10, 7 if r < ROUNDS - 1 else 3))
    except ZeroDivisionError:
        caught += 1
        if r == ROUNDS - 1:
            tb = traceback.extract_tb(sys.exc_info()[2])
            print([(fr.name, fr.line) for fr in tb])
print("caught", caught)


def stops(n):
    for i in range(n):
        if i == n - 2:
            raise StopIteration("early")
        yield i


for r in range(ROUNDS):
    try:
        set(stops(9))
    except RuntimeError as e:
        if r == ROUNDS - 1:
            print(type(e).__name__, e, type(e.__cause__).__name__, e.__cause__)

# a generator with a return value and a finally block, and one that looks
# at itself while the set is filled
cleanups = []


def with_finally(n):
    try:
        for i in range(n):
            yield i * i
        return "done"
    finally:
        cleanups.append(n)


for r in range(ROUNDS):
    s = set(with_finally(6))
print(sorted(s), len(cleanups), cleanups[-1])

seen = []


def introspective(n):
    for i in range(n):
        if i == n - 1:
            seen.append((me.gi_running, me.gi_frame is not None, sys._getframe().f_code.co_name))
        yield i


for r in range(ROUNDS):
    me = introspective(8)
    s = set(me)
print(len(seen), seen[-1], me.gi_frame, me.gi_running)

# s.update(g) where g reads s: each item is added before the next is made
for r in range(ROUNDS):
    s = {0}
    s.update(x for x in range(1, 12) if x - 1 in s or x % 4 == 0)
print(sorted(s))
for r in range(ROUNDS):
    s = {0}
    set.__init__(s, (x for x in range(1, 12) if not s or len(s) < 5))
print(sorted(s))

# a key whose __hash__ advances the generator being consumed
g = None


class Advancer:
    def __hash__(self):
        return hash(next(g))

    def __eq__(self, other):
        return self is other


def items():
    yield 1
    yield Advancer()
    yield 2
    yield 3
    yield 4


for r in range(ROUNDS):
    g = items()
    s = set(g)
print(len(s), sorted(x for x in s if isinstance(x, int)))

# subclasses of the plain kinds are not plain (their __hash__ may run code)
class MyInt(int):
    calls = 0

    def __hash__(self):
        MyInt.calls += 1
        return int.__hash__(self)


for r in range(ROUNDS):
    s = set(MyInt(i) if i % 4 == 0 else i for i in range(10))
print(len(s), MyInt.calls)
