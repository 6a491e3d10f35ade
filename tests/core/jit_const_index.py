# Constant indexes into lists and tuples in hot loops (the JIT checks the
# size once for several indexes): lists that shrink or grow between and
# during iterations, short ones, tuples, negative indexes, stores.
def rows(n):
    t = 0
    data = [[i, i + 1, i + 2, i + 3] for i in range(10)] + [[1, 2], [5]]
    for k in range(n):
        r = data[k % len(data)]
        try:
            t += r[0] + r[1] + r[2] + r[3]
        except IndexError:
            t -= 1
        if len(r) > 2:
            r[2] = r[0] + k % 3
    return t
print(rows(5000))

def shrinking(n):
    t = 0
    for k in range(n):
        xs = [1, 2, 3, 4, 5, 6]
        t += xs[0] + xs[5]
        xs.pop()
        try:
            t += xs[4] + xs[5]
        except IndexError:
            t += 100
        xs.append(9)
        t += xs[5] + xs[-1] + xs[-6]
    return t
print(shrinking(3000))

def tuples(n):
    t = 0
    for k in range(n):
        p = (k, k * 2, k * 3) if k % 5 else (k,)
        try:
            t += p[0] + p[2]
        except IndexError:
            t += 7
    return t
print(tuples(4000))
