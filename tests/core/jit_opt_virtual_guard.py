# Guards that fail while values whose allocation the optimizer removed
# (tuples, boxed ints and floats) are live: resuming must rebuild them.


def tuple_live_at_exit(n):
    out = []
    for i in range(n):
        t = (i, i * 2, float(i))
        if i % 300 == 299:
            out.append(t)
        u = t
        if i == 777:
            out.append(("seen", u, t is u))
    return out


def box_live_at_exit(n):
    x = 0
    y = 0.0
    hits = []
    for i in range(n):
        x = x + 3
        y = y + 0.25
        if i == 901:
            hits.append((x, y))
    return x, y, hits


def nested_live(n):
    res = []
    for i in range(n):
        inner = (i, i + 1)
        outer = (inner, inner, -i)
        if i % 400 == 399:
            res.append(outer)
            res.append(outer[0] is outer[1])
    return res


def exception_exit(n):
    total = 0
    for i in range(n):
        pair = (i, 10 - i % 11)
        try:
            total += pair[0] // pair[1]
        except ZeroDivisionError:
            total += 1000 + pair[0]
    return total


def type_guard_exit(values):
    acc = 0
    for v in values:
        t = (v, v)
        acc += t[0] * 2
    return acc


print(tuple_live_at_exit(3000))
print(box_live_at_exit(3000))
print(nested_live(3000))
print(exception_exit(3000))
print(type_guard_exit([1] * 3000 + [2.5] * 10 + ["ab"] * 3))
