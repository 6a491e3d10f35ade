# Slices built in hot loops (the JIT keeps them virtual and slices lists
# from their parts): reads and assignments with steps, negative and None
# bounds, slices of strs and tuples, a slice object that escapes, errors.
def lists(n):
    xs = list(range(12))
    t = 0
    for i in range(n):
        k = i % 9
        t += sum(xs[k:]) + sum(xs[:k]) + sum(xs[k::-1]) + sum(xs[-k:-1]) + len(xs[::3])
        ys = xs[:]
        ys[:k + 1] = ys[k::-1]
        ys[1:3] = [i, i]
        t += ys[0] + ys[k] + ys[2]
    return t
print(lists(4000))

def others(n):
    s = 'abcdefghij'
    tp = tuple(range(10))
    t = 0
    for i in range(n):
        k = i % 7
        t += len(s[k:]) + len(s[::2]) + sum(tp[k::2]) + ord(s[k:k + 1] or 'z')
    return t
print(others(4000))

def escapes(n):
    keep = []
    for i in range(n):
        sl = slice(i % 3, None)
        x = [1, 2, 3][i % 4:]
        if i % 1000 == 0:
            keep.append((sl, x))
    return keep
print(escapes(3000))

def errors(n):
    out = []
    xs = [1, 2, 3]
    for i in range(n):
        try:
            xs[::0]
        except ValueError as e:
            if i % 1000 == 0:
                out.append(str(e))
        try:
            xs[::2] = [9]
        except ValueError as e:
            if i % 1000 == 0:
                out.append(str(e))
    return out
print(errors(3000))
