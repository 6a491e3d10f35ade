# Dicts keyed by tuples (dict.c lookup: exact tuples compared item by item
# with tuple_eq_exact) and small-int hashing (ops.c obj_hash): hits, misses,
# colliding hashes, nested tuples, items with __eq__ that raises or mutates
# the dict, NaN items (identity before equality), bools and floats equal to
# ints, tuple subclasses.


def count_pairs(data):
    pairs = {}
    for i in range(len(data) - 1):
        key = (data[i] % 10, data[i + 1] % 10)
        pairs[key] = pairs.get(key, 0) + 1
    return pairs


data = []
x = 7
for i in range(20000):
    x = (x * 75 + 74) % 65537
    data.append(x % 1000)
p = count_pairs(data)
print(len(p), p.get((3, 4)), sorted(p.items())[:5])

d = {(1, 2): "a", (1, (2, 3)): "b", (): "c", ((),): "d", (1.0, 2): "e"}
print(d[(1, 2)], d[(True, 2.0)], d[(1, (2, 3))], d[()], d[((),)], (1, (2, 4)) in d, (2, 1) in d)
print(d.get((1, 2, 3)), d.get((1,)), len(d))

nan = float("nan")
dn = {(nan, 1): "same object"}
print(dn.get((nan, 1)), dn.get((float("nan"), 1)))


class T(tuple):
    def __eq__(self, other):
        return "T.__eq__"

    def __hash__(self):
        return hash(tuple(self))


dt = {(1, 2): "plain"}
print(dt.get(T((1, 2))), dt.get((1, 2)))
dt[T((5, 6))] = "sub"
print(dt.get((5, 6)), dt.get(T((5, 6))))


class Bad:
    def __hash__(self):
        return 1

    def __eq__(self, other):
        raise ValueError("no compare")


b1, b2 = Bad(), Bad()
db = {(0, b1): 1}
print(db[(0, b1)])
try:
    db[(0, b2)]
except ValueError as e:
    print("ValueError", e)


class Clearing:
    def __init__(self, d):
        self.d = d

    def __hash__(self):
        return 3

    def __eq__(self, other):
        self.d.clear()
        return False


dc = {}
dc[(1, Clearing(dc))] = 1
print(dc.get((1, Clearing(dc))), len(dc))


def collisions(n):
    # tuples whose hashes collide modulo the table size: long probe chains
    d = {}
    for i in range(n):
        d[(i * 1024, -i)] = i
    t = 0
    for i in range(n):
        t += d[(i * 1024, -i)]
        t += d.get((i * 1024, i + 1), 0)
    return t, len(d)


print(collisions(3000))

hashes = [hash(x) for x in (0, 1, -1, -2, 2**61 - 2, 2**61 - 1, 2**61, -(2**61 - 1), -(2**61), 2**62, -(2**62), 2**63, True)]
print(hashes)
print(hash((0, -1, 2**61)), hash((1, 2)), hash(((1,), (2,))))
