# Branches on bool objects whose class the trace does not know (instance
# attributes, list items, results of calls): the recorder guards the
# value itself (one guard_value on True or False) and the branch resolves
# at recording (record.c bool_branch). Here the bools flip in the middle
# of hot loops, turn into other objects (ints, None, lists, objects with
# __bool__ or __len__, bool subclasses do not exist), live in __slots__,
# properties and class attributes, and feed and/or chains, `not`, while
# loops and conditional expressions: the guards fail and bridges take
# over. Compared with CPython's output.


class Flags:
    def __init__(self, a, b):
        self.a = a
        self.b = b


class Slotted:
    __slots__ = ('on',)

    def __init__(self, on):
        self.on = on


class Truthy:
    def __init__(self, v):
        self.v = v

    def __bool__(self):
        return self.v


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n


class WithProperty:
    def __init__(self):
        self._x = False

    @property
    def x(self):
        return self._x

    @x.setter
    def x(self, v):
        self._x = v


class ClassFlag:
    enabled = True


def branches(objs):
    s = 0
    for o in objs:
        if o.a:
            s += 1
        else:
            s += 2
        if o.a and o.b:
            s += 10
        if o.a or o.b:
            s += 100
        if not o.b:
            s += 1000
        s += 7 if o.b else 5
    return s


def flipping(n):
    f = Flags(True, False)
    out = 0
    for i in range(n):
        if f.a:
            out += 3
        if f.b:
            out += 5
        if i % 97 == 0:
            f.a, f.b = f.b, f.a
        if i == 700:
            f.a = 0            # not a bool any more
        if i == 900:
            f.b = None
        if i == 1100:
            f.a = [1]
        if i == 1300:
            f.b = Truthy(True)
        if i == 1500:
            f.a = Sized(0)
        if i == 1700:
            f.a, f.b = False, True
    return out


def slots_and_props(n):
    s = Slotted(False)
    p = WithProperty()
    total = 0
    for i in range(n):
        if s.on:
            total += 1
        if p.x:
            total += 10
        if ClassFlag.enabled:
            total += 100
        if i % 5 == 0:
            s.on = not s.on
        if i % 7 == 0:
            p.x = not p.x
        if i == 800:
            ClassFlag.enabled = False
        if i == 1200:
            ClassFlag.enabled = 2
    return total


def list_items(n):
    bits = [True, False, False, True, True]
    hits = 0
    for i in range(n):
        if bits[i % 5]:
            hits += 1
        while bits[(i + hits) % 5] and hits % 3:
            hits += 1
        if i == 600:
            bits[2] = True
        if i == 900:
            bits[1] = 'x'
        if i == 1000:
            bits[0] = 0.0
    return hits


def returned(n):
    objs = [Flags(i % 3 == 0, i % 2 == 0) for i in range(10)]
    def check(o):
        return o.a
    c = 0
    for i in range(n):
        o = objs[i % 10]
        if check(o):
            c += 1
        x = o.b or o.a
        if x:
            c += 2
    return c


objs = [Flags(i % 2 == 0, i % 3 == 0) for i in range(50)]
for rep in range(40):
    r = branches(objs)
print(r)
objs[7].a = 1
objs[9].b = []
objs[11].a = Truthy(False)
print(branches(objs * 30))
print(flipping(2000))
print(slots_and_props(2000))
print(list_items(2000))
print(returned(2000))
