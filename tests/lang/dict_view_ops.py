# dict views: set comparisons by membership, .mapping, argument checks,
# mutation checks during iteration and update, hashing counts.
d = {1: 'a', 2: 'b', 3: 'c'}
small = {1: 'a', 2: 'b'}
for a, b in ((small.keys(), d.keys()), (small.items(), d.items()), (d.keys(), {1, 2, 3}),
             (d.keys(), {1, 2}), (small.keys(), frozenset([1, 2, 3]))):
    print(a < b, a <= b, a > b, a >= b, a == b, a != b)
print(d.keys() == [1, 2, 3], d.keys().__lt__([1]), d.values().__eq__(d.values()))


class C:
    def __eq__(self, other):
        raise RuntimeError('eq called')
    __hash__ = None


# items views compare values with ==; the values need not be hashable
x, y = {1: C()}, {1: C()}
try:
    x.items() == y.items()
except RuntimeError as e:
    print('RuntimeError', e)
print({1: [1]}.items() == {1: [1]}.items(), {1: [1]}.items() < {1: [1], 2: [2]}.items())

m = d.keys().mapping
print(type(m).__name__, m[1], d.values().mapping is not None, dict(d.items().mapping) == d)
try:
    m[4] = 1
except TypeError as e:
    print('TypeError', e)

for name in ('keys', 'values', 'items', 'copy', 'clear', 'popitem', '__reversed__'):
    try:
        getattr({}, name)(None)
    except TypeError as e:
        print('TypeError', e)

# in-place |=
e = {1: 2}
print(e.__ior__({3: 4}) is e, e.__ior__([(5, 6)]), e)
try:
    e.__ior__(None)
except TypeError as exc:
    print('TypeError', exc)

# deleting and adding keys while iterating (same size) is detected
for view in (lambda d: d, dict.values, dict.items):
    d = {0: 0}
    try:
        for i in view(d):
            del d[0]
            d[0] = 0
    except RuntimeError as exc:
        print('RuntimeError', exc)


class X:
    def __hash__(self):
        return 0

    def __eq__(self, o):
        other.clear()
        return False


other = dict((i, 0) for i in range(1, 40))
other[X()] = 0
try:
    {X(): 0, 1: 1}.update(other)
except RuntimeError as exc:
    print('RuntimeError', exc)


class Rev(dict):
    def keys(self):
        return reversed(list(dict.keys(self)))
    __iter__ = keys

    def items(self):
        return reversed(dict.items(self))


print(list(dict(Rev(a=1, b=2, c=3)).items()))


class Hashed:
    def __init__(self):
        self.hashes = self.eqs = 0

    def __hash__(self):
        self.hashes += 1
        return 42

    def __eq__(self, other):
        self.eqs += 1
        return self is other


h1, h2 = Hashed(), Hashed()
y = {h1: 5}
y.setdefault(h2, [])
print(h1.hashes, h2.hashes, h1.eqs + h2.eqs)
h1, h2 = Hashed(), Hashed()
y = {h1: 5, 0: 0, 1: 1, 2: 2, 3: 3}
y[h2] = []   # the 6th item makes the table grow
print(h1.hashes, h2.hashes, h1.eqs + h2.eqs)
