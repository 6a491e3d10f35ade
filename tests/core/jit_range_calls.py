# range() created inside hot loops (the JIT builds the iterator directly):
# empty and negative ranges, bounds that change sign or grow past small
# ints, steps, iterators that escape, a shadowed range, nested loops.
def tri(n):
    t = 0
    for i in range(n):
        for j in range(i - 3, i + 2):
            t += j
        for j in range(i, i - 5):      # empty
            t += 1000000
        for j in range(-i):            # empty, then not (see below)
            t += 1
    return t
print(tri(3000))

def steps(n):
    t = 0
    for i in range(n):
        for j in range(0, i % 10, 3):
            t += j
        for j in range(i % 7, 0, -2):
            t -= j
    return t
print(steps(3000))

def big(n):
    t = 0
    base = 2 ** 62 - 5
    for i in range(n):
        for j in range(base, base + (i % 4)):
            t += j - base
    return t
print(big(3000))

def escaping(n):
    its = []
    for i in range(n):
        it = iter(range(i % 5, 5))
        if i % 1000 == 0:
            its.append(it)
        for j in range(i % 3):
            pass
    return [list(x) for x in its]
print(escaping(4000))

def shadow(n):
    range_ = range
    t = 0
    for i in range_(n):
        for j in range_(2):
            t += j
    return t
print(shadow(3000))

def mixed(n):
    t = 0
    for i in range(n):
        k = i if i < n // 2 else float(i)
        try:
            for j in range(k):
                t += 1
                break
        except TypeError:
            t -= 1
    return t
print(mixed(3000))

def neg(n):
    t = 0
    for i in range(n):
        for j in range(-(i % 5)):
            t += 1
        for j in range(i % 5 - 2):
            t += 1
    return t
print(neg(3000))
