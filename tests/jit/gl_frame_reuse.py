# Finished generators give their heap frames back for the next generator
# of the same frame size (frame.c, frame_release_heap). Hot loops that
# compiled code runs with generator bodies inline, resume traces and
# first-run traces, while generators of several codes of one size finish,
# are abandoned half-way, fail guards mid-body, raise, and are replaced:
# every value must come out as CPython's.
import sys


def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1


def count_down(n):
    # same locals and stack depth as count_up: same size class
    i = n
    while i > 0:
        yield i
        i -= 1


def typed(n):
    # changes the type it yields half-way: guards fail inside the body
    for i in range(n):
        yield i if i < n // 2 else float(i)


def inner_pairs(n):
    for a in count_up(n):
        yield a, a * a


def boom(n):
    for i in range(n):
        if i == n - 1:
            raise KeyError(i)
        yield i


total = 0
kept = []
for rnd in range(300):
    for x in count_up(rnd % 7):
        total += x
    for x in count_down(rnd % 5):
        total -= x
    g = count_up(10)
    kept.append((next(g), next(g)))   # abandoned mid-way, kept alive
    for a, b in inner_pairs(rnd % 4):
        total += b - a
    for v in typed(6):
        total += v
    try:
        for v in boom(3):
            total += v
    except KeyError as e:
        total += e.args[0] * 100
print("total", total)
# the abandoned generators still resume from where they stopped
print("kept", kept[:3], [next(g) for g in [count_up(3)]], len(kept))
resumed = []
gens = [count_up(5) for _ in range(50)]
for g in gens:
    next(g)
for rnd in range(200):
    for x in count_down(3):   # frames finished and reused meanwhile
        pass
for g in gens:
    resumed.append(sum(g))
print("resumed", resumed[:5], sum(resumed))

# consumers in C: set(), sum(), list() over short generator expressions
acc = 0
for rnd in range(400):
    cols = [(rnd + k * 3) % 8 for k in range(8)]
    acc += len(set(cols[i] + i for i in range(8))) + len(set(cols[i] - i for i in range(8)))
    acc += sum(c for c in cols if c & 1)
print("genexps", acc)


# exceptions leaving a generator keep its locals in the traceback, even
# after many later generators reused its frame
def failing(k):
    secret = k * 11
    yield secret
    raise ValueError(secret)


errors = []
for k in range(50):
    try:
        for _ in failing(k):
            pass
    except ValueError as e:
        errors.append(e)
for rnd in range(100):
    for _ in count_up(3):
        pass
tb_locals = []
for e in errors[::10]:
    tb = e.__traceback__
    while tb.tb_next:
        tb = tb.tb_next
    tb_locals.append((tb.tb_frame.f_locals["k"], tb.tb_frame.f_locals["secret"], tb.tb_lineno))
print("tracebacks", tb_locals)


# frames seen through sys._getframe while the generator runs, read after
seen = []


def watched(k):
    here = k
    seen.append(sys._getframe())
    yield here
    here += 1000


for k in range(30):
    for _ in watched(k):
        pass
    for _ in count_up(2):
        pass
print("frames", [(f.f_locals["here"], f.f_back) for f in seen[::7]])
