# Pipelines of generators consumed by `for` loops: a compiled loop runs
# the body of the generator it iterates inline, and that body runs the
# generator it iterates inline too (record.c, record_gen_resume). Guards
# fail at every level of the chain (branches that change, values that
# change type, generators that finish or raise), and the generators are
# then resumed, inspected, sent to, thrown into and closed by the
# interpreter: every state seen must be CPython's.
import sys


def numbers(n):
    i = 0
    while i < n:
        yield i
        i += 1


def scaled(source, factor):
    for x in source:
        yield x * factor


def evens(source):
    for x in source:
        if x % 2 == 0:
            yield x


def windows(source, size):
    window = []
    for x in source:
        window.append(x)
        if len(window) == size:
            yield tuple(window)
            window.pop(0)


def pipeline(n):
    total = 0
    count = 0
    for w in windows(evens(scaled(numbers(n), 3)), 4):
        total += w[0] - w[3] + w[1] * 2
        count += 1
    return total, count


# the branch inside the innermost generator flips half-way, and the values
# become floats, then big ints: guards fail deep in the chain
def mixed(n):
    i = 0
    while i < n:
        if i < n // 2:
            yield i
        elif i < 3 * n // 4:
            yield i + 0.5
        else:
            yield i * 10 ** 20
        i += 1


def filtered(source, m):
    for x in source:
        if int(x) % m:
            yield x


def chain_types(n):
    acc = 0
    for x in filtered(mixed(n), 3):
        acc += int(x) % 1000003
    return acc


# an exception raised at each level: caught by the consumer
class Stop(Exception):
    pass


def fragile(n, bad):
    for i in range(n):
        if i == bad:
            raise Stop(i)
        yield i


def relay(source):
    for x in source:
        yield x + 1


def catching_relay(source):
    try:
        for x in source:
            yield x
    except Stop as e:
        yield -e.args[0]


def raising(rounds):
    caught = 0
    total = 0
    for r in range(rounds):
        try:
            for x in relay(relay(fragile(50, 10 + r % 40))):
                total += x
        except Stop as e:
            caught += e.args[0]
    total2 = 0
    for r in range(rounds):
        for x in catching_relay(relay(fragile(30, r % 35))):
            total2 += x
    return caught, total, total2


# generators left suspended by a loop that breaks, then driven by hand
def counter(log, n):
    try:
        for i in numbers(n):
            got = yield i
            if got is not None:
                log.append(("got", got))
    finally:
        log.append("closed")
    return "done"


def partial(rounds):
    log = []
    gens = []
    for r in range(rounds):
        g = counter(log, 100)
        s = 0
        for x in g:
            s += x
            if x == r % 50:
                break
        gens.append(g)
    g = gens[-1]
    print("suspended", g.gi_running, g.gi_suspended, g.gi_frame.f_locals["i"],
          g.gi_frame.f_lineno)
    print("send", g.send("hello"), log[-1])
    print("next", next(g))
    try:
        print("throw", g.throw(KeyError("k")))
    except KeyError as e:
        print("thrown out", repr(e), log[-1], g.gi_frame)
    g = gens[-2]
    g.close()
    print("close", log[-1], g.gi_suspended, g.gi_frame)
    g = gens[-3]
    out = []
    try:
        while True:
            out.append(next(g))
    except StopIteration as e:
        print("finished", len(out), out[-1], e.value, log[-1])
    return len(log)


# a consumer whose loop body looks at the generators while they are running
def looking(n):
    seen = []

    def inner():
        for i in range(n):
            seen.append((outer_gen.gi_running, inner_gen.gi_running,
                         sys._getframe(1).f_code.co_name))
            yield i

    def outer(src):
        for x in src:
            yield x * 2

    inner_gen = inner()
    outer_gen = outer(inner_gen)
    total = 0
    for x in outer_gen:
        total += x
    print("looking", total, seen[0], seen[-1], len(set(seen)))


print("pipeline", pipeline(40000))
print("pipeline small", pipeline(10), pipeline(3))
print("types", chain_types(6000))
print("raising", raising(300))
print("partial", partial(1200))
looking(3000)
