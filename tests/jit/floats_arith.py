# Arithmetic the optimizer rewrites, against CPython, in loops hot enough
# to compile: int // and % by a constant power of two become an
# arithmetic shift and a mask (opt_rewrite.c), for either sign of the
# dividend and at the ends of the small-int range; float // and %,
# and ints mixed with floats, next to them.

def pow2_div(values):
    acc = []
    for v in values:
        acc.append((v // 2, v % 2, v // 8, v % 8, v // 1024, v % 1024,
                    v // 2 ** 61, v % 2 ** 61, v // -4, v % -4, v // 3, v % 3))
    return acc

vals = []
for k in range(-700, 700):
    vals.append(k * 37 + (k % 5))
vals += [2 ** 62 - 1, -2 ** 62, 2 ** 61, -2 ** 61, -1, 0, 1, 2 ** 62, -2 ** 62 - 1, 2 ** 80, -2 ** 80]
res = pow2_div(vals * 2)
print(len(res), res[:6], res[1395:1411])
print(sum(sum(t) for t in res) % 1000000007)

def pow2_mixed(n):
    # the dividend an expression, the result used in further arithmetic
    s = 0
    t = 0
    for i in range(-n, n):
        ij = i * 3 - 7
        s += ij * (ij + 1) // 2 + i
        t += (ij % 16) - (ij // 16)
    return s, t

print(pow2_mixed(3000))

def float_ops(n):
    s = 0.0
    m = 0.0
    for i in range(-n, n):
        x = i * 0.75 + 0.1
        s += x // 2.5
        m += x % 2.5
        m += x % -1.5
        s += (i // 4) * 0.5 + i % 4
    return s, m

print(float_ops(2500))

def special_floats(n):
    vals = [0.0, -0.0, 1e300, -1e300, 1e-300, float('inf'), float('-inf'), 3.5, -3.5]
    out = []
    for i in range(n):
        x = vals[i % 9]
        r = (x * 2 ** 2, x / 4, x % 2.0 if x == x and abs(x) != float('inf') else 0.0)
        if i >= n - 9:
            out.append(r)
    return out

for r in special_floats(2000):
    print([repr(v) for v in r])
