# Generator lifecycle: creation, first run, delegation, return, and what
# stays visible after a generator finished while later generators (of the
# same code, or of other codes of the same frame size) start and finish:
# tracebacks' frames and locals, frame objects taken while it ran, values
# returned through `yield from` and StopIteration, send/throw/close, PEP
# 479, gi_* attributes, re-entrancy errors and recursion depth.
import sys


def leaf(tag):
    marker = tag * 2
    yield marker
    return ("leaf", tag)


def other(tag):
    # the same number of locals and stack as leaf: its frames come from the
    # same size class
    spare = tag + 1
    yield spare
    return ("other", tag)


def churn(n):
    # many generators started and finished, alternating codes
    total = 0
    for i in range(n):
        for v in (leaf(i) if i % 2 else other(i)):
            total += v
    return total


print("churn", churn(1000))


# a finished generator's traceback keeps its locals and line
def failing(x):
    local_value = [x, "kept"]
    yield 1
    raise ValueError("from failing %d" % x)


def catch_tb():
    g = failing(7)
    next(g)
    try:
        next(g)
    except ValueError as e:
        return e
    return None


err = catch_tb()
churn(200)   # later generators take frames of the same sizes
tb = err.__traceback__
while tb.tb_next:
    tb = tb.tb_next
print("tb", tb.tb_frame.f_code.co_name, tb.tb_lineno, sorted(tb.tb_frame.f_locals.items()))
print("tb frame line", tb.tb_frame.f_lineno)


# a frame object taken while the generator ran keeps its last state
saved = []


def remembers(n):
    count = n
    saved.append(sys._getframe())
    yield count
    count += 10


for _ in remembers(5):
    pass
churn(200)
fr = saved[0]
print("frame after", fr.f_code.co_name, fr.f_locals["count"], fr.f_locals["n"], fr.f_back, fr.f_lineno)

# gi_frame taken while suspended, read after the generator finished
g = leaf(3)
next(g)
gf = g.gi_frame
for _ in g:
    pass
churn(200)
print("gi_frame after", g.gi_frame, gf.f_locals.get("marker"), gf.f_code.co_name, gf.f_back, gf.f_lineno)


# return values through yield from, StopIteration.value, send
def inner(k):
    got = yield k
    got2 = yield got
    return (k, got, got2)


def outer(k):
    result = yield from inner(k)
    more = yield from inner(k + 1)
    return [result, more]


g = outer(1)
print("outer", next(g), g.send("a"), g.send("b"), g.send("c"))
try:
    g.send("d")
except StopIteration as e:
    print("outer value", e.value)
print("gi after", g.gi_frame, g.gi_running, g.gi_yieldfrom)
print("finished next", next(g, "default"))


# the value of a generator returning consumed by `for` is dropped; by next() it is StopIteration's
def returns_value():
    yield 1
    return "rv"


print("list", list(returns_value()))
g = returns_value()
next(g)
try:
    next(g)
except StopIteration as e:
    print("stop value", repr(e.value), e.args)


# throw and close through delegation, finally blocks run once
log = []


def guarded(name):
    try:
        yield name + "-1"
        yield name + "-2"
    except KeyError as e:
        log.append((name, "caught", e.args))
        yield name + "-handled"
    finally:
        log.append((name, "finally"))


def delegating():
    r = yield from guarded("a")
    log.append(("delegating got", r))
    yield "after"


g = delegating()
print(next(g), g.throw(KeyError("k")), next(g))
print("gi_yieldfrom", g.gi_yieldfrom)
g.close()
print("log", log)
g = delegating()
next(g)
print("yieldfrom name", g.gi_yieldfrom.__name__, g.gi_yieldfrom.gi_running)
g.close()
print("log", log[-1])


# exceptions and tracebacks through a delegation chain
def raiser(depth):
    if depth == 0:
        yield "bottom"
        raise LookupError("deep")
    yield from raiser(depth - 1)


try:
    for v in raiser(4):
        pass
except LookupError as e:
    names = []
    t = e.__traceback__
    while t:
        names.append((t.tb_frame.f_code.co_name, t.tb_frame.f_locals.get("depth")))
        t = t.tb_next
    print("chain tb", names)


# PEP 479: StopIteration inside becomes RuntimeError, with the cause
def leaks_stop():
    yield 1
    raise StopIteration("inner")


try:
    list(leaks_stop())
except RuntimeError as e:
    print("pep479", e, type(e.__cause__).__name__, e.__cause__.args, e.__suppress_context__)


def leaks_via_next():
    it = iter([])
    yield 1
    next(it)


try:
    for _ in leaks_via_next():
        pass
except RuntimeError as e:
    print("pep479 next", e)


# re-entrancy
def reenter():
    yield me.send(None)


me = reenter()
try:
    next(me)
except ValueError as e:
    print("reenter", e)
print("after reenter", me.gi_frame, list(me))


def reenter_running():
    yield me2.gi_running


me2 = reenter_running()
print("gi_running inside", next(me2))


# abandoned mid-way: a generator suspended in a try is closed later
def abandoned(i):
    try:
        yield i
        yield i + 1
    finally:
        closed.append(i)


closed = []
gens = [abandoned(i) for i in range(5)]
firsts = [next(x) for x in gens]
for x in gens[::2]:
    x.close()
print("abandoned", firsts, closed)
del gens


# recursion depth: a deep delegation chain raises RecursionError cleanly
def deep(n):
    if n == 0:
        yield 0
    else:
        yield from deep(n - 1)


old = sys.getrecursionlimit()
sys.setrecursionlimit(200)
try:
    list(deep(1000))
except RecursionError:
    print("recursion error")
sys.setrecursionlimit(old)
print("shallow ok", list(deep(50)))


# closures: cells of a recycled frame start empty
def make(n):
    def gen():
        acc = []
        for i in range(n):
            acc.append(i)
            yield (lambda: len(acc))
    return gen


for k in range(3):
    print("cells", [f() for f in make(k + 2)()])


# a generator expression and a generator function each run many times
print("genexp", sum(sum(x for x in range(i)) for i in range(300)))
print("sets", [len(set(c + i for i, c in enumerate(p))) for p in ([1, 2, 3], [3, 1, 2], [2, 2, 2])])
