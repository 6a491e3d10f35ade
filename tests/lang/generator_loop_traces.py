# Loops inside generator bodies that go round many times between yields:
# the JIT compiles them as loop traces in the generator's frame; each
# yield, return, exception and send() leaves such a loop as the
# interpreter would.


def filtered(n, step):
    # most iterations `continue`; some yield
    for i in range(n):
        if i % step:
            continue
        yield i


def backtrack(n, row, used, down, up):
    # nqueens' place(): a recursive generator whose loop mostly skips
    if row == n:
        yield ()
        return
    for col in range(n):
        if col in used or (row + col) in down or (row - col) in up:
            continue
        used.add(col)
        down.add(row + col)
        up.add(row - col)
        for rest in backtrack(n, row + 1, used, down, up):
            yield (col,) + rest
        used.discard(col)
        down.discard(row + col)
        up.discard(row - col)


def returns_from_loop(n, stop):
    total = 0
    for i in range(n):
        total += i
        if i == stop:
            return total      # a return from inside the loop ends the generator
        if i % 50 == 0:
            yield total
    yield -1


def raises_in_loop(n, bad):
    for i in range(n):
        if i == bad:
            raise ValueError("bad %d" % i)
        if i % 100 == 99:
            yield i


def catches_in_loop(items):
    caught = 0
    for x in items:
        try:
            v = 100 // x
        except ZeroDivisionError:
            caught += 1
            continue
        if v > 50:
            yield (v, caught)
    yield ("caught", caught)


def sender(n):
    acc = 0
    i = 0
    while i < n:
        i += 1
        if i % 37:
            acc += i
            continue
        got = yield acc
        if got is not None:
            acc = got


def closer(log):
    try:
        for i in range(10 ** 6):
            if i % 300 == 0:
                yield i
    finally:
        log.append("closed")


def while_loop_locals(n):
    a, b = 0, 1
    k = 0
    while k < n:
        a, b = b, (a + b) % 1000003
        k += 1
        if k % 400 == 0:
            yield (k, a)


def nested_loops(n):
    for i in range(n):
        s = 0
        for j in range(i):
            if j % 3 == 0:
                continue
            s += j
        if i % 25 == 24:
            yield (i, s)


def float_loop(n):
    x = 0.5
    for i in range(n):
        x = x * 1.0001 + 0.25
        if x > 1000.0:
            x /= 7.0
            yield round(x, 6)


def main():
    for rep in range(3):
        print(sum(filtered(3000, 7)), len(list(filtered(1000, 3))))
        sols = list(backtrack(6, 0, set(), set(), set()))
        print(len(sols), sols[:2])
        print(list(returns_from_loop(400, 333)), list(returns_from_loop(120, 10 ** 9)))
        out = []
        try:
            for v in raises_in_loop(1000, 777):
                out.append(v)
        except ValueError as e:
            print("ValueError", e, out)
        print(list(catches_in_loop([1, 0, 2, 0, 3, 1, 0] * 40))[-3:])
        g = sender(2000)
        vals = [next(g)]
        for k in range(20):
            vals.append(g.send(k * 1000 if k % 2 else None))
        print(vals[:6], vals[-2:])
        log = []
        c = closer(log)
        firsts = [next(c) for _ in range(5)]
        c.close()
        print(firsts, log)
        print(list(while_loop_locals(3000))[-2:])
        print(list(nested_loops(200))[-2:])
        print(list(float_loop(20000))[-3:])
        # a generator frame inspected while its loop runs compiled
        def spy():
            for i in range(1000):
                if i == 700:
                    yield dict(gen.gi_frame.f_locals)
        gen = spy()
        print(sorted((k, v) for k, v in next(gen).items() if k != "gen"))


main()
