# Left shifts whose result leaves the machine word, or of negative values,
# in hot loops: the interpreter's fast path, int's shift and the JIT
# recorder shifted signed 64-bit values (undefined behaviour in C, reported
# by UBSan) before checking for overflow. Found by tools/fuzz.py.
def shifts(xs, n):
    out = []
    for i in range(n):
        x = xs[i % len(xs)]
        s = 50 + i % 13
        r = x << s
        if i % 997 == 0:
            out.append(r)
    return out

xs = [3, 4, -1, -4611686018427387904, -9007199254741993, 1000, 128, 58, 2**61, -(2**62)]
print(shifts(xs, 5000))
acc = 0
for i in range(3000):
    acc ^= (i - 1500) << (i % 64)
print(acc)
print([(-1) << k for k in (0, 1, 61, 62, 63, 64)])
print([(2**61 - 1) << k for k in (1, 2, 3)])
