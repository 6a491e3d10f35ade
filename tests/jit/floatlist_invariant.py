# Float list items that a loop reads but does not write are carried into
# the peeled loop as raw doubles (opt_unroll.c); these loops check that the
# results stay right when such an item is a float the immediate encoding
# cannot hold (boxed: huge, tiny, inf, nan, -0.0), when the loop writes it
# through an alias, when it stops being a float mid-loop, and when a guard
# fails inside the loop and the interpreter rebuilds the boxed value.
import math


def inner(b, others, dt):
    # b[0], b[1] are invariant in the inner loop unless b is among others
    for c in others:
        dx = b[0] - c[0]
        dy = b[1] - c[1]
        c[2] += dx * dt
        c[3] += dy * dt


def run(first, rounds=300):
    b = [first, 2.0 * first if isinstance(first, float) else first, 0.0, 0.0]
    others = [[float(k), 0.25 * k, 0.0, 0.0] for k in range(6)]
    for r in range(rounds):
        inner(b, others, 0.5)
    return [c[2:] for c in others]


def show(v):
    return [[x if math.isnan(x) else round(x, 6) for x in c] for c in v]


for first in [1.5, -0.0, 0.0, 1e100, -1e300, 1e-300, 5e-324, math.inf, -math.inf, 2.0 ** -255, 2.0 ** 257]:
    print(repr(first), show(run(first)))

# nan: every sum is nan
print('nan', show(run(math.nan)))


# the loop writes the invariant item through an alias (b is one of others)
def aliased(rounds):
    others = [[float(k), 0.5 * k, 0.0, 0.0] for k in range(4)]
    b = others[2]
    for r in range(rounds):
        for c in others:
            dx = b[0] - c[0]
            c[0] += dx * 0.125
            c[3] += b[1] * 0.5
    return others

print('aliased', show(aliased(400)))


# the item stops being a float mid-loop (an int, then a string): guards fail
def changing(rounds):
    b = [1.0, 2.0]
    out = []
    total = 0.0
    for r in range(rounds):
        for k in range(10):
            try:
                total += b[0] * k - b[1]
            except TypeError as e:
                out.append((r, k, str(e)))
                b[0] = 3.0
        if r == 150:
            b[0] = 7          # int
        if r == 200:
            b[0] = 'x'        # str: the next multiplication makes a string, - raises
        if r == 250:
            b[1] = None
            b[0] = 2.5
    return total, out[:3], len(out)

print('changing', changing(300))


# a guard inside the loop fails while the raw item is live: the interpreter
# must see the boxed values again (b[0] read after the exit)
def exits(rounds):
    b = [1e200, -0.0]
    acc = []
    for r in range(rounds):
        x = b[0] * 1e-200 + b[1]
        if r % 97 == 96:
            acc.append((r, x, b[0], repr(b[1]), b[0] is b[0]))
    return acc

print('exits', exits(400))


# a list of lists read in a loop, the outer list changed mid-way
def rows(rounds):
    grid = [[0.5, 1.5], [2.5, 3.5]]
    s = 0.0
    for r in range(rounds):
        row = grid[r % 2]
        for k in range(4):
            s += row[0] * k + row[1]
        if r == 100:
            grid[0] = [1e300, float('inf')]
        if r == 101:
            grid[0] = [0.25, 0.75]
    return s

print('rows', rows(300))


# identity: a boxed float read from a list and kept (through a bridge) is
# the list's object itself, not a copy rebuilt from its raw double
def keeps(lst, out, n):
    s = 0.0
    keep = []
    for i in range(n):
        x = lst[0]
        s += x * 0.5
        out[1] = s
        if i % 500 == 499:
            keep.append(x)
    return all(k is lst[0] for k in keep), len(keep)


def keeps2(lst, n):
    out = []
    for i in range(n):
        x = lst[0]
        y = x * 2.0
        if i % 300 == 299:
            out.append(x)
    return all(o is lst[0] for o in out), len(out), y


big = [1e300, 2.0]
print('identity', keeps(big, [0.0, 0.0], 3000), keeps2(big, 3000))
