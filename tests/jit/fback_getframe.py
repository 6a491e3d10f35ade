# Frames of functions the JIT inlines into a loop's trace, seen from Python
# code that a C function (sorted's key, map, list.index's __eq__, hash(),
# repr(), a class call's __init__) runs inside them: sys._getframe(1..3)
# names them, with their line and variables at the call.
import sys

N = 3000
seen = {}


def note(tag, depth):
    f = sys._getframe(depth + 1)
    names = []
    while f is not None and len(names) < depth + 1:
        names.append(f.f_code.co_name)
        f = f.f_back
    key = (tag, tuple(names))
    seen[key] = seen.get(key, 0) + 1


# the reproducer of the bug: sorted() and map() call key from inlined helpers
def key(x):
    f = sys._getframe(1)
    seen[f.f_code.co_name] = seen.get(f.f_code.co_name, 0) + 1
    return x


def helper(i):
    return sorted([i, 1], key=key)[0]


def helper2(i):
    return list(map(key, (i,)))[0]


def loop():
    t = 0
    for i in range(N):
        t += helper(i) + helper2(i)
    return t


print(loop(), sorted(seen.items()))
seen.clear()


# dunders C calls, one to three inlined levels deep
class Eq:
    def __init__(self, v):
        note("init", 3)
        self.v = v

    def __eq__(self, other):
        note("eq", 2)
        return isinstance(other, Eq) and self.v == other.v

    def __hash__(self):
        note("hash", 3)
        return hash(self.v)

    def __repr__(self):
        note("repr", 1)
        return "Eq(%d)" % self.v


def level3(i, e):
    h = hash(e)                       # hash() calls __hash__
    return h + [Eq(0), e].index(e)    # list.index calls __eq__


def level2(i, e):
    return level3(i, e) + 1


def level1(i):
    e = Eq.__new__(Eq)
    e.v = i
    r = repr(e)                       # repr() calls __repr__
    return level2(i, e) + len(r)


def make(i):
    return list(map(Eq, (i,)))[0]     # map calls the class, which runs __init__


def make2(i):
    return make(i)


def make3(i):
    return make2(i).v


def dunder_loop():
    t = 0
    for i in range(N):
        t += level1(i) + make3(i)
    return t


print(dunder_loop())
for k in sorted(seen):
    print(k, seen[k])
seen.clear()


# the variables and line of the frames found (f_locals, f_lineno)
lines = {}


def look(x):
    f = sys._getframe(1)
    g = f.f_back
    rec = (f.f_code.co_name, f.f_lineno - f.f_code.co_firstlineno, sorted(f.f_locals.items()),
           g.f_code.co_name, g.f_lineno - g.f_code.co_firstlineno, sorted(k for k in g.f_locals))
    lines[rec[:2] + rec[3:5]] = lines.get(rec[:2] + rec[3:5], 0) + 1
    if x % 1000 == 7:
        print(rec)
    return x


def inner(a, b):
    c = a * 2
    s = "s%d" % b
    return max(map(look, (a,))) + c + len(s)


def outer(i):
    k = i + 1
    return inner(i, k) + k


def locals_loop():
    total = 0
    for i in range(N):
        total += outer(i)
    return total


print(locals_loop())
print(sorted(lines.items()))


# a recursive function (call_assembler of its own compiled code) called
# from inlined frames looks up its whole chain
chains = {}


def rec(n):
    if n <= 0:
        f = sys._getframe()
        chain = []
        while f is not None and len(chain) < 6:
            chain.append(f.f_code.co_name)
            f = f.f_back
        k = tuple(chain)
        chains[k] = chains.get(k, 0) + 1
        return 1
    return rec(n - 1) + 1


def rec_helper(i):
    x = i * 2
    return rec(i % 3) + x


def rec_outer(i):
    return rec_helper(i) + 1


def rec_loop():
    t = 0
    for i in range(5000):
        t += rec_outer(i)
    return t


print(rec_loop())
for k in sorted(chains):
    print(k, chains[k])
