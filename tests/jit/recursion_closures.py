# Functions made inside hot loops (MAKE_FUNCTION recorded in the trace, a
# fresh function object on every pass): lambdas, closures over loop
# variables and over cells the loop rebinds, defaults and keyword-only
# defaults evaluated on each pass, generator expressions consumed in the
# loop, recursive closures, and the made functions' attributes. The results
# must not depend on whether the loop is compiled.
import sys


def lambdas(n):
    total = 0
    for i in range(n):
        f = lambda x: x * 2 + i
        total += f(i) + (lambda: 1)()
    return total


def defaults(n):
    total = 0
    for i in range(n):
        def g(a, b=i, *, c=i * 3):
            return a + b + c
        total += g(1) + g(1, 2) + g(1, c=5)
    return total


def closures(n):
    made = []
    total = 0
    for i in range(n):
        k = i % 7
        def add(x):
            return x + k
        total += add(i)
        if i % 50 == 0:
            made.append(add)
    # each function closed over the cell of k: they all see its last value
    return total, [m(0) for m in made]


def counters(n):
    total = 0
    for i in range(n):
        count = 0
        def bump():
            nonlocal count
            count += 1
            return count
        bump()
        bump()
        total += bump() + count
    return total


def genexprs(n):
    total = 0
    for i in range(n):
        total += sum(x * i for x in range(5))
        total += len(set(i % 3 + j for j in range(4)))
        total += max((j - i) ** 2 for j in (1, 2, 3))
    return total


def any_all(n):
    hits = 0
    for i in range(n):
        if any(d == 0 for d in (i % 3, i % 5)):
            hits += 1
        if all(i % p for p in (2, 3)):
            hits += 10
    return hits


def recursive_closure(n):
    total = 0
    for i in range(n):
        def down(k):
            return 0 if k == 0 else 1 + down(k - 1)
        total += down(i % 12)
    return total


def identities(n):
    seen = []
    for i in range(n):
        f = lambda: i
        seen.append(f)
    distinct = len(set(id(f) for f in seen)) == len(seen)
    last = seen[-1]
    return (distinct, last.__name__, last.__qualname__, last.__module__, last.__defaults__,
            last.__kwdefaults__, last.__closure__ is not None, last())


def sort_keys(n):
    out = 0
    for i in range(n):
        xs = sorted([3, 1, 2, i % 5], key=lambda v: (v - i) % 4)
        out += xs[0] * 7 + xs[-1]
    return out


def escape_and_raise(n):
    made = []
    for i in range(n):
        f = lambda x, d=i: 100 // (x - d)
        made.append(f)
        try:
            f(i % 50 + (i >= 40 and i < 45) * 0)
        except ZeroDivisionError:
            pass
    return sum(f(-1) for f in made[:20])


for fn, arg in [(lambdas, 3000), (defaults, 3000), (closures, 3000), (counters, 3000),
                (genexprs, 2000), (any_all, 3000), (recursive_closure, 2000), (identities, 2000),
                (sort_keys, 2000), (escape_and_raise, 2000)]:
    print(fn.__name__, fn(arg), fn(7))
