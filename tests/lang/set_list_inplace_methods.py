# set/frozenset/list corners: in-place dunders as methods, sequence
# __mul__ through __index__, multi-argument methods with no argument,
# keywords for subclasses' __init__, and keys not hashed again.
s = {1, 2}
print(s.__ior__({3}) is s, s, s.__iand__({1, 3, 5}), s.__isub__({1}), s.__ixor__({7}), s)
print(s.__ior__([1]), s.__iand__(5), frozenset().__dir__().count('__ior__'))

l = [1, 2]
print(l.__iadd__((3,)) is l, l, l.__imul__(2) is l, l)
try:
    l.__iadd__(5)
except TypeError as e:
    print('TypeError', e)
try:
    l.__imul__('a')
except TypeError as e:
    print('TypeError', e)


class Idx:
    def __index__(self):
        return 3


for seq in ([0], (0,), 'a', b'a', bytearray(b'a')):
    print(seq.__mul__(Idx()), seq.__rmul__(Idx()))
    try:
        seq.__mul__('x')
    except TypeError as e:
        print('TypeError', e)
l = [5, 6]
l *= Idx()
print(l)

for t in (set, frozenset):
    a = t('abc')
    for m in ('union', 'intersection', 'difference'):
        r = getattr(a, m)()
        print(t.__name__, m, type(r).__name__, r == a, r is a)
print(frozenset('ab').copy() is not None)


class SubWithInit(frozenset):
    def __init__(self, arg, newarg=None):
        self.newarg = newarg


u = SubWithInit([1, 2], newarg=3)
print(type(u).__name__, sorted(u), u.newarg)


class Sub(frozenset):
    pass


for t in (frozenset, Sub, set):
    try:
        t(sequence=())
    except TypeError as e:
        print('TypeError', e)


class H(int):
    def __hash__(self):
        self.count += 1
        return int.__hash__(self)


def make():
    keys = []
    for i in range(10):
        k = H(i)
        k.count = 0
        keys.append(k)
    return dict.fromkeys(keys)


def total(d):
    return sum(k.count for k in d)


for t in (set, frozenset):
    d = make()
    s = t(d)
    s.difference(d)
    if t is set:
        s.symmetric_difference_update(d)
    dict.fromkeys(set(d))
    dict.fromkeys(frozenset(d), 1)
    dict.fromkeys(d)
    print(t.__name__, total(d))
