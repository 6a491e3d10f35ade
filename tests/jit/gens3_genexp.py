# Generators compiled from their first instruction and to their return
# (jit/record.c record_gen_root_return, gen.c gen_send_ex marking a
# generator's first run as a resume hot spot): short generator
# expressions consumed from C, generators returning values to next() /
# send() / `yield from`, generators whose body starts with a loop (its
# first instruction is a loop header), exceptions and PEP 479 in a first
# run, values whose type changes mid-way, generators abandoned mid-way,
# frames looked at from inside, sys.settrace on a hot generator. Every
# consumer loops long enough for the traces to be compiled and run.
import sys
import traceback


def is_solution(cols):
    n = len(cols)
    return (n == len(set(cols[i] + i for i in range(n)))
            == len(set(cols[i] - i for i in range(n))))


def short_genexps():
    total = 0
    sols = 0
    for k in range(3000):
        cols = ((k * 7) % 8, 1, 2, (k * 3) % 8, 4, 5, 6, 7)
        sols += is_solution(cols)
        total += sum(x * k for x in cols)
        total += max(c - i for i, c in enumerate(cols))
        total += len(list(c for c in cols if c % 2))
        total += len(tuple(c for c in cols[: k % 9]))   # 0 to 8 items
        total += any(c > 6 for c in cols) + all(c < 7 for c in cols)
    print("genexps", total, sols)


def returning(n):
    acc = 0
    for i in range(n):
        acc += i
        yield acc
    return ("done", acc)


def returns():
    got = []
    for k in range(2000):
        g = returning(k % 5)
        items = 0
        while True:
            try:
                next(g)
                items += 1
            except StopIteration as e:
                value = e.value
                break
        got.append((items, value))
    print("returns", got[:6], got[-1])
    # through yield from: the value comes back to the delegating frame
    def outer(n):
        r = yield from returning(n)
        return r
    acc = []
    for k in range(1500):
        acc.append(list(outer(k % 3)))
    print("yield from", acc[:4], acc[-1])
    # a generator returning on its first run
    def empty(n):
        if n > 0:
            yield n
        return n * 2
    vals = []
    for k in range(1500):
        try:
            next(empty(k % 2 - 1))
        except StopIteration as e:
            vals.append(e.value)
    print("first-run return", vals[:3], len(vals))


def loop_first():
    # the body's first instruction is a loop header
    def ticker():
        n = 0
        while True:
            n += 1
            got = yield n
            if got == "stop":
                return n

    total = 0
    for k in range(1500):
        t = ticker()
        total += next(t)
        for i in range(k % 4):
            total += t.send(i)
        try:
            t.send("stop")
        except StopIteration as e:
            total += e.value * 1000
    print("loop first", total)

    def catcher():
        while True:
            try:
                yield
            except ValueError as e:
                print("caught", e.args)
                break
        yield "after"

    for k in range(3):
        c = catcher()
        next(c)
        print("throw", c.throw(ValueError(k)))


def changing_types():
    def scale(data, f):
        for x in data:
            yield x * f
    out = []
    for k in range(2000):
        f = 2 if k < 1000 else (2.5 if k < 1500 else (3 if k < 1900 else "ab"))
        data = (1, 2, 3) if k < 1700 else (10 ** 20, 1, True)
        try:
            out.append(sum(scale(data, f)) if not isinstance(f, str) else "".join(scale("xy", 2)))
        except TypeError as e:
            out.append(type(e).__name__)
    print("types", out[0], out[1200], out[1600], out[1800], out[-1])


def errors():
    def raiser(n):
        for i in range(n):
            if i == 3:
                raise KeyError(i)
            yield i
    caught = 0
    for k in range(1500):
        try:
            list(raiser(k % 6))
        except KeyError as e:
            caught += 1
            tb = [fr.name for fr in traceback.extract_tb(e.__traceback__)]
    print("errors", caught, tb)

    def first_raises(n):
        if n > 3:
            raise ValueError("first")
        yield n
    count = 0
    for k in range(1500):
        try:
            count += sum(first_raises(k % 5))
        except ValueError as e:
            lines = [fr.lineno for fr in traceback.extract_tb(e.__traceback__)]
    print("first-run raise", count, len(lines))

    def bad():
        yield 1
        raise StopIteration("bad")
    for k in range(1200):
        try:
            list(bad())
        except RuntimeError as e:
            msg = (str(e), repr(e.__cause__))
    print("pep479", msg)

    def bad_first():
        raise StopIteration("at once")
        yield
    for k in range(1200):
        try:
            next(bad_first())
        except RuntimeError as e:
            msg = (str(e), repr(e.__cause__))
    print("pep479 first", msg)


def abandoned_and_frames():
    held = []
    for k in range(1500):
        g = returning(10)
        for _ in range(k % 3):
            next(g)
        held.append(g)
    print("abandoned", sum(next(g) for g in held), held[5].gi_frame.f_lineno,
          held[4].gi_running)
    for g in held[:300]:
        g.close()
    print("closed", held[0].gi_frame, held[299].gi_frame, held[300].gi_frame is not None)

    def spy():
        f = sys._getframe()
        yield f.f_code.co_name, f.f_back.f_code.co_name
        yield f.f_back is not None
    for k in range(1500):
        r = list(spy())
    print("frames", r)


def traced():
    events = []
    def tracer(frame, event, arg):
        if frame.f_code.co_name == "<genexpr>":
            events.append(event)
        return tracer
    def count(data):
        return sum(1 for x in data if x)
    for k in range(1500):
        count((1, 0, 2))
    sys.settrace(tracer)
    r = count((1, 0, 2))
    sys.settrace(None)
    print("traced", r, events.count("call"), events.count("return"), len(events))


short_genexps()
returns()
loop_first()
changing_types()
errors()
abandoned_and_frames()
traced()
