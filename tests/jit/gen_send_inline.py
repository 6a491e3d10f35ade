# g.send(v) in a hot loop runs the generator's body inline in the loop's
# trace (record.c record_gen_send), as a for loop over a generator does:
# the value sent pushed at the yield, the next yield's value send()'s
# result. Everything must look as in CPython: values whose types change
# mid-way (guards failing inside the inlined body, then bridges), a body
# that returns (StopIteration.value) or raises (tracebacks) at the n-th
# send, send() into a generator not started (TypeError) or finished,
# several yields in one body, generators swapped mid-loop, throw() and
# close() between sends, gi_running/gi_frame/gi_yieldfrom seen from
# inside, a generator suspended in `yield from`, and PEP 479.
import sys
import traceback

ROUNDS = 300


def averager():
    total = 0.0
    count = 0
    average = None
    while True:
        value = yield average
        if value is None:
            return count
        total += value
        count += 1
        average = total / count


def sends(n, make):
    g = averager()
    next(g)
    last = None
    for i in range(n):
        last = g.send(make(i))
    try:
        g.send(None)
    except StopIteration as e:
        return last, e.value


makers = [
    lambda i: float(i % 101),
    lambda i: i,
    lambda i: i if i < 150 else i * 0.5,
    lambda i: 10 ** 20 + i if i > 200 else i,
    lambda i: i * 1.5 if i % 3 else -i,
]
for rnd in range(ROUNDS):
    for k, make in enumerate(makers):
        r = sends(250, make)
        if rnd % 100 == 0 or rnd == ROUNDS - 1:
            print("averager", k, r)


# a body that returns or raises at the n-th send
def accumulate(limit, fail_at):
    total = 0
    while True:
        x = yield total
        if x == fail_at:
            raise ValueError("bad value %r" % (x,))
        total += x
        if total > limit:
            return ("over", total)


def drive(limit, fail_at, n):
    g = accumulate(limit, fail_at)
    next(g)
    out = []
    try:
        for i in range(n):
            out.append(g.send(i))
    except StopIteration as e:
        return "stop", e.value, len(out), out[-1] if out else None
    except ValueError as e:
        tb = [(f.name, f.lineno) for f in traceback.extract_tb(e.__traceback__)]
        return "error", str(e), len(out), tb
    return "done", len(out), out[-1]


for rnd in range(ROUNDS):
    a = drive(10 ** 9, -1, 200)
    b = drive(5000 + rnd, -1, 200)
    c = drive(10 ** 9, 150 + rnd % 20, 200)
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("drive", a, b, c)


# several yields in one body, the values sent changing which branch runs
def protocol():
    state = "idle"
    seen = []
    while True:
        cmd = yield state
        if cmd == "start":
            state = "running"
            arg = yield "started"
            seen.append(arg)
        elif cmd == "stop":
            state = "idle"
            yield len(seen)
        elif isinstance(cmd, int):
            seen.append(cmd * 2)
        else:
            state = str(cmd)


for rnd in range(ROUNDS):
    g = protocol()
    next(g)
    log = []
    for i in range(40):
        if i % 10 == 0:
            log.append(g.send("start"))
            log.append(g.send(i))
        elif i % 10 == 5:
            log.append(g.send("stop"))
            log.append(next(g))
        elif i % 7 == 0:
            log.append(g.send(1.5))
        else:
            log.append(g.send(i))
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("protocol", log)


# generators swapped mid-loop, one finished, one not started
def echo(tag):
    while True:
        x = yield
        yield (tag, x)


def short():
    x = yield 1
    return x


for rnd in range(ROUNDS):
    gens = [echo("a"), echo("b")]
    for g in gens:
        next(g)
    res = []
    for i in range(60):
        g = gens[(i // 7) % 2]
        res.append(g.send(i))
        next(g)
    fresh = echo("c")
    try:
        fresh.send(5)
    except TypeError as e:
        res.append(str(e))
    s = short()
    next(s)
    try:
        s.send("ret")
    except StopIteration as e:
        res.append(e.value)
    try:
        s.send(1)
    except StopIteration as e:
        res.append(("again", e.value))
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("swap", res[:3], res[-6:], len(res))


# throw() and close() between sends; finally blocks
def guarded(log):
    try:
        while True:
            try:
                x = yield
                log.append(x)
            except KeyError as e:
                log.append(("caught", e.args))
    finally:
        log.append("finally")


for rnd in range(ROUNDS):
    log = []
    g = guarded(log)
    next(g)
    for i in range(30):
        g.send(i)
        if i == 20:
            g.throw(KeyError(i))
    g.close()
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("guarded", log[-5:], len(log))


# seen from inside: gi_running, gi_frame, gi_yieldfrom, the caller's frame
current = []


def inside():
    while True:
        me = current[-1]
        x = yield (me.gi_running, me.gi_frame.f_lineno, me.gi_yieldfrom, sys._getframe(1).f_code.co_name)
        if x == "leave":
            return "left"


def watcher():
    g = inside()
    current.append(g)
    next(g)
    out = None
    for i in range(50):
        out = g.send(i)
    try:
        g.send("leave")
    except StopIteration as e:
        current.pop()
        return out, e.value, g.gi_frame, g.gi_running


for rnd in range(ROUNDS):
    r = watcher()
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("inside", r)


# a generator suspended in `yield from`: send() goes to the delegate
def inner_avg():
    total = 0
    while True:
        x = yield total
        if x is None:
            return total
        total += x


def outer_avg():
    while True:
        r = yield from inner_avg()
        yield ("inner returned", r)


for rnd in range(ROUNDS):
    g = outer_avg()
    next(g)
    res = []
    for i in range(40):
        res.append(g.send(i if i % 13 else None))
        if i % 13 == 0:
            res.append(next(g))
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("yield from", g.gi_yieldfrom is not None, res[:6], res[-4:])


# PEP 479: StopIteration raised in the body at the n-th send
def leaky(n):
    i = 0
    while True:
        x = yield i
        i += x
        if i > n:
            next(iter(()))


for rnd in range(ROUNDS):
    g = leaky(400 + rnd)
    next(g)
    try:
        for i in range(100):
            g.send(i)
        r = "no error"
    except RuntimeError as e:
        r = (str(e), type(e.__cause__).__name__, i)
    if rnd % 100 == 0 or rnd == ROUNDS - 1:
        print("pep479", r)
