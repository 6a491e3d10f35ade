# obj.name giving a bound method (LOAD_ATTR, as `obj.m` stored or called
# with *args), which the JIT builds as a virtual (record_method_attr):
# calls through it, escaping bound methods (identity, equality, __self__,
# __func__), instances that shadow the name (a map slot, dict mode), the
# method replaced on the class mid-loop, __getattribute__ classes,
# exception instances, str subclasses with an instance dict.


class Acc:
    def __init__(self):
        self.n = 0

    def add(self, k, *rest):
        self.n += k + len(rest)
        return self.n


class Err(Exception):
    def handle(self, ctx, *args):
        return ctx + len(args)


class Logged:
    def __getattribute__(self, name):
        if name == 'tick':
            return lambda *a: -1
        return object.__getattribute__(self, name)

    def tick(self, *a):
        return 1


class Word(str):
    def shout(self, *a):
        return self.upper() + '!' * len(a)


def calls(n):
    a = Acc()
    extra = (1, 2)
    total = 0
    for i in range(n):
        total += a.add(i, *extra)
        total += Err('x').handle(i, *extra)
    return total, a.n


def escaping(n):
    a = Acc()
    kept = []
    for i in range(n):
        m = a.add
        if i % 500 == 0:
            kept.append(m)
        m(1)
    print(len(kept), kept[0] == kept[-1], kept[0] is kept[-1], kept[0].__self__ is a,
          kept[0].__func__ is Acc.add, a.n)


def shadowed(n):
    a = Acc()
    b = Acc()
    total = 0
    for i in range(n):
        if i == n // 3:
            a.add = lambda k, *r: 1000
        if i == n // 2:
            del a.add
            b.x = 1
            del b.x          # b in dict mode from here on
        if i == 2 * n // 3:
            b.add = lambda k, *r: 7
        total += a.add(1, *()) + b.add(1, *())
    return total


def replaced(n):
    a = Acc()
    total = 0
    for i in range(n):
        if i == n // 2:
            Acc.add = lambda self, k, *r: -k
        total += a.add(i, *())
    return total


def overridden(n):
    lg = Logged()
    w = Word('ab')
    total = 0
    out = ''
    for i in range(n):
        total += lg.tick(*())
        if i == n // 2:
            w.shout = lambda *a: 'own'
        out = w.shout(*(1,))
    return total, out


print(calls(3000))
escaping(3000)
print(shadowed(3000))
saved = Acc.add
print(replaced(3000))
Acc.add = saved
print(overridden(3000))
