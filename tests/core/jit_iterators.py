# Iterators the JIT runs inline: iter() of lists and tuples, enumerate
# over lists, tuples and ranges, tuple loops in inlined *args functions.
# Lists that change while iterated, iterators that escape or are resumed
# by hand, enumerate starting elsewhere or reaching big counts, and
# subclasses with their own __iter__ must keep the interpreter's results.
def total(*args):
    s = 0
    for a in args:
        s += a
    return s

def over_tuples(n):
    t = 0
    for i in range(n):
        t += total(i, 1, 2)
        for x in (i, -i, 3):
            t += x
    return t
print(over_tuples(4000))

def enum(n):
    xs = [3, 1, 4, 1, 5]
    t = 0
    for i in range(n):
        for k, x in enumerate(xs):
            t += k * x
        for k, x in enumerate((i, 2)):
            t += k + x
        for k, j in enumerate(range(3), 10):
            t += k * j
    return t
print(enum(3000))

def growing(n):
    xs = [1, 2, 3]
    t = 0
    for i in range(n):
        for x in xs:
            t += x
            if len(xs) < 6 and i % 500 == 0:
                xs.append(i)
        if i % 700 == 0:
            del xs[3:]
    return t, xs
print(growing(4000))

def by_hand(n):
    out = []
    for i in range(n):
        it = iter([i, i + 1, i + 2])
        a = next(it)
        for b in it:
            a += b
        if i % 1000 == 0:
            it2 = iter((i, 'x'))
            out.append((a, next(it2), list(it2)))
    return out
print(by_hand(3000))

class MyList(list):
    def __iter__(self):
        return iter([0])

def subclass(n):
    t = 0
    for i in range(n):
        xs = [1, 2] if i % 2 else MyList([5, 6])
        for x in xs:
            t += x
    return t
print(subclass(3000))

def big_enum(n):
    t = 0
    for i in range(n):
        for k, x in enumerate([1, 2], 2 ** 62 - 2):
            t += k % 7 + x
    return t
print(big_enum(2000))

def exhaust(n):
    t = 0
    for i in range(n):
        e = enumerate([i, i])
        for k, x in e:
            t += k + x
        t += len(list(e))
    return t
print(exhaust(3000))
