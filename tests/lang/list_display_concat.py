# `[x] + tail` and `head + [x]`: a short list display added to a list, in
# hot loops (compiled as one call without the display's list), with every
# kind of item and storage, and the failures: a non-list operand, an
# unbound local, a list subclass.


def prepend_chain(n):
    out = []
    for i in range(n):
        out = [i] + out[:3]
    return out


def append_chain(n):
    out = []
    for i in range(n):
        out = out[-3:] + [i, i * 2]
    return out


def floats(n):
    acc = [0.5]
    for i in range(n):
        acc = [i * 0.25] + acc[:2]            # float storage on both sides
    mixed = [1.5, 2.5]
    for i in range(n):
        mixed = mixed[-2:] + [float("nan") if i == n - 1 else i / 8]   # a float storage cannot hold
    return acc, mixed, [x is x for x in mixed]


def identity(n):
    obj = object()
    for i in range(n):
        r = [obj] + [obj, 3]
    return r[0] is obj and r[1] is obj


def wrong_type(n):
    results = []
    for i in range(n):
        tail = [i] if i < n - 1 else (i,)
        try:
            results = [0] + tail
        except TypeError as e:
            return str(e), len(results)
    return "no error"


def subclass(n):
    class L(list):
        def __radd__(self, other):
            return "radd"
    r = None
    for i in range(n):
        tail = [i] if i < n - 1 else L([1])
        r = [i] + tail
    return r


def unbound(n):
    for i in range(n):
        if i == n - 1:
            del tail
        tail = [i]
        try:
            tail = [i] + tail
        except NameError as e:
            return type(e).__name__
    return "no error"


def permutations_of(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i in range(len(items)):
        rest = items[:i] + items[i + 1:]
        for tail in permutations_of(rest):
            yield [items[i]] + tail


for rep in range(3):
    print(prepend_chain(3000), append_chain(3000))
    print(floats(2000))
    print(identity(2000))
    print(wrong_type(2000))
    print(subclass(2000))
    print(unbound(2000))
    perms = list(permutations_of(list(range(6))))
    print(len(perms), perms[:3], perms[-1])
    print(list(permutations_of([0.5, 1.5, -0.0]))[-2:])
