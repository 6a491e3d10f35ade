# Deep `yield from` chains: gen.c's gen_delegate_send walks a chain of
# generators suspended in YIELD_FROM down to the innermost in a loop (at
# most 32 levels per loop, deeper chains recurse once per 32), and leaves
# the levels innermost first. Everything the program can see must be as
# CPython's: values sent down and their types, return values added at
# every level, exceptions raised or caught at any level (before, at and
# after the 32-level batch edges), tracebacks, f_back chains and
# gi_running seen from the innermost, close() running every finally, the
# recursion limit inside a chain. The consumers loop long enough to be
# compiled.
import sys
import traceback


def bottom(log):
    total = 0
    while True:
        got = yield total
        if got is None:
            return total
        if got == "boom":
            raise ValueError("bottom boom")
        total = total + got


def level(n, log, catch_at):
    # every level adds its depth to the value returned from below; the
    # level numbered catch_at catches the bottom's exception and yields
    # once more before returning
    if n == 0:
        r = yield from bottom(log)
    else:
        try:
            r = yield from level(n - 1, log, catch_at)
        except ValueError as e:
            if n != catch_at:
                raise
            log.append(("caught at", n, str(e)))
            r = yield ("recovered", n)
    return r + n if isinstance(r, (int, float)) else r


def drive(depth, catch_at, sends):
    log = []
    g = level(depth, log, catch_at)
    seen = [next(g)]
    try:
        for s in sends:
            seen.append(g.send(s))
        seen.append(g.send(None))
    except StopIteration as e:
        seen.append(("returned", e.value))
    except ValueError as e:
        seen.append(("escaped", str(e), len(traceback.extract_tb(e.__traceback__))))
    return seen, log


def returns_and_types():
    # ints, then floats, big ints and strings down the same chain
    out = []
    for depth in (1, 30, 31, 32, 33, 63, 64, 65, 100):
        for k in range(40):
            sends = [1, 2.5, 10 ** 20] if k % 2 else [3, 10 ** 20]
            last = seen if k else None
            seen, _ = drive(depth, -1, sends)
        out.append((depth, last[-1], seen[-1]))
    print("returns", out)
    seen, _ = drive(40, -1, [1])
    print("one send", seen)
    try:
        g = level(40, [], -1)
        next(g)
        g.send(1)
        g.send("x")
    except TypeError as e:
        print("type change", type(e).__name__, str(e)[:40])


def exceptions():
    for depth, catch_at in ((40, 39), (40, 33), (40, 32), (40, 31), (40, 1), (70, 35), (70, 64), (10, 99)):
        for k in range(30):
            seen, log = drive(depth, catch_at, [1, 2, "boom", 5])
        print("exc", depth, catch_at, seen, log)


def frames_seen_from_inside():
    gens = []

    def spy(n):
        if n == 0:
            f = sys._getframe(0)
            names = []
            while f is not None and len(names) < 80:
                names.append(f.f_code.co_name)
                f = f.f_back
            running = [g.gi_running for g in gens]
            yield (names.count("spy"), names[-3:] if len(names) < 80 else "long", all(running), len(running))
            yield ("yieldfrom", sum(1 for g in gens if g.gi_yieldfrom is not None))
        else:
            yield from spy(n - 1)

    for depth in (5, 40):
        gens.clear()
        g = spy(depth)
        gens.append(g)
        first = next(g)
        # collect every level now that the chain exists
        x = g
        while x.gi_yieldfrom is not None:
            x = x.gi_yieldfrom
            gens.append(x)
        second = next(g)
        third = next(g, "done")
        print("frames", depth, first[0], first[2], first[3], second, third,
              sum(1 for x in gens if x.gi_running))


def closing():
    finals = []

    def closable(n):
        try:
            if n == 0:
                while True:
                    yield n
            else:
                yield from closable(n - 1)
        finally:
            finals.append(n)

    for depth in (3, 31, 32, 33, 70):
        finals.clear()
        g = closable(depth)
        for i in range(5):
            next(g)
        g.close()
        print("close", depth, len(finals), finals[:3], finals[-2:], g.gi_frame)
        finals.clear()
        g = closable(depth)
        next(g)
        try:
            g.throw(KeyError("k"))
        except KeyError as e:
            print("throw", depth, len(finals), repr(e),
                  len(traceback.extract_tb(e.__traceback__)))


def abandoned():
    # chains left suspended mid-way, then resumed from another place
    held = []
    total = 0
    for k in range(200):
        g = level(35 + k % 3, [], -1)
        next(g)
        g.send(k)
        held.append(g)
    for g in held:
        total += g.send(1)
    for g in held[::2]:
        try:
            g.send(None)
        except StopIteration as e:
            total += e.value
    print("abandoned", total)


def chain(n):
    if n == 0:
        yield "bottom"
        yield "again"
    else:
        yield from chain(n - 1)


def recursion_limit():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(120)
    try:
        for depth in (60, 90, 100, 300):
            try:
                g = chain(depth)
                got = [next(g), next(g)]
                print("limit", depth, got)
            except RecursionError as e:
                print("limit", depth, type(e).__name__)
    finally:
        sys.setrecursionlimit(old)


def stop_iteration_inside():
    def bad(n):
        if n == 0:
            yield 1
            raise StopIteration("inner")
        yield from bad(n - 1)

    for k in range(30):
        try:
            list(bad(45))
        except RuntimeError as e:
            msg = (str(e), repr(e.__cause__), len(traceback.extract_tb(e.__traceback__)))
    print("pep479", msg)


returns_and_types()
exceptions()
frames_seen_from_inside()
closing()
abandoned()
recursion_limit()
stop_iteration_inside()
