# `x in s`, s.add(x) and s.discard(x) on exact sets and frozensets in hot
# loops (compiled as direct calls of set_contains, set_add, set_discard),
# and everything around them that must still behave as in CPython: set
# keys found as frozensets, unhashable keys, a key whose __eq__ or
# __hash__ runs Python code or raises, subclasses that override the
# methods, a set swapped for another type mid-loop.


class Key:
    calls = 0

    def __init__(self, v):
        self.v = v

    def __hash__(self):
        Key.calls += 1
        return hash(self.v)

    def __eq__(self, other):
        Key.calls += 1
        if isinstance(other, Key):
            return self.v == other.v
        if other == "boom":
            raise RuntimeError("eq boom")
        return NotImplemented


class CountingSet(set):
    def add(self, x):
        set.add(self, x * 2)

    def __contains__(self, x):
        return x % 2 == 0


def ints(n):
    s = set()
    seen = 0
    for i in range(n):
        if i % 7 in s:
            seen += 1
        s.add(i % 50)
        if i % 3 == 0:
            s.discard(i % 11)
    return seen, len(s), sorted(s)[:10]


def frozen(n):
    f = frozenset(range(0, 100, 3))
    return sum(1 for i in range(n) if i % 100 in f)


def set_keys(n):
    s = {frozenset({1, 2}), frozenset()}
    hits = 0
    for i in range(n):
        if {1, 2} in s:
            hits += 1
        if set() in s:
            hits += 1
    s.discard({1, 2})
    return hits, len(s)


def unhashable(n):
    s = set()
    for i in range(n):
        try:
            if i == n - 1:
                s.add([i])
            else:
                s.add(i)
        except TypeError as e:
            return str(e), len(s)
    return "no error"


def unhashable_contains(n):
    s = {1, 2}
    for i in range(n):
        k = [i] if i == n - 1 else i
        try:
            k in s
        except TypeError as e:
            return str(e)
    return "no error"


def user_keys(n):
    s = {Key(i) for i in range(20)}
    hits = 0
    for i in range(n):
        if Key(i % 40) in s:
            hits += 1
    s.add(Key(5))
    s.discard(Key(7))
    return hits, len(s)


def raising_eq(n):
    s = {Key("boom2")}
    for i in range(n):
        k = "boom" if i == n - 1 else i
        try:
            k in s
        except RuntimeError as e:
            return str(e)
    return "no error"


def subclass(n):
    total = 0
    for i in range(n):
        s = set() if i < n - 1 else CountingSet()
        s.add(i)
        total += (i in s) + (3 in s)
    return total, sorted(s)


def changing_type(n):
    hits = 0
    for i in range(n):
        c = {1, 2, 3} if i < n - 5 else ([1, 2] if i % 2 else (3, 4))
        if 2 in c:
            hits += 1
    return hits


def floats_and_strs(n):
    s = set()
    for i in range(n):
        s.add(i * 0.5)
        s.add(str(i % 10))
    return (1.0 in s, 1 in s, True in s, "3" in s, 3 in s, len(s))


def random_order(trials):
    # small ints (with -1 and -2, which share a hash), big ints, floats and
    # bools of equal hash: the table, its dummies and its order as CPython's
    import random
    r = random.Random(5)
    out = []
    for trial in range(trials):
        s = set()
        found = 0
        for step in range(r.randrange(1, 200)):
            op = r.random()
            k = r.choice([r.randrange(-20, 60), -1, -2, 2**61, 2**61 - 1, 1.0, True, 2.0, -1.0, 10**20, r.randrange(10**6)])
            if op < 0.6:
                s.add(k)
            elif op < 0.9:
                s.discard(k)
            else:
                found += k in s
        out.append((found, list(s)))
    return out


orders = random_order(150)
flat = [x for found, keys in orders for x in [found] + keys]
print(orders[-2:], len(flat), sum((i + 1) * hash(x) for i, x in enumerate(flat)) % (2**61 - 1))
for rep in range(3):
    print(ints(5000), frozen(5000), set_keys(2000))
    print(unhashable(2000), unhashable_contains(2000))
    print(user_keys(2000), raising_eq(2000))
    print(subclass(2000), changing_type(2000), floats_and_strs(2000))
print(Key.calls > 0)
