# Int arithmetic masked by a non-negative constant, `(x * K + C) & M`, which
# the JIT computes with wrapping 64-bit operations (its intermediate values
# are big ints): linear congruential generators of 48 and 62 bits, chains
# with -, ^, |, & inside, negative operands, masks of every width, and the
# shapes that must not be fused (a negative mask, a variable in the chain,
# no mask, a right shift, an augmented assignment, big-int operands).
def lcg48(seed, n):
    s = seed & 0xFFFFFFFFFFFF
    out = 0
    for _ in range(n):
        s = (s * 0x5DEECE66D + 11) & 0xFFFFFFFFFFFF
        out ^= s >> 16
    return s, out

def lcg62(seed, n):
    s = seed
    for _ in range(n):
        s = (s * 6364136223846793005 + 1442695040888963407) & ((1 << 62) - 1)
    return s

def mixes(n):
    t = 0
    for i in range(n):
        x = i * 7919 - 50000
        t += (x * 0x9E3779B97F4A7C15 ^ 0x5555 | 3) & 0x7FFFFFFF
        t += (x - 0x7FFFFFFFFFFFFFFF * 3 + 5) & 0xFFFF
        t += (x * x * 1000003 & -1 & 0xFFFFFFFFFFFFF) & 1023
        t += (x * 3) & 0
        t += (x + 1) & 0xFF
    return t

def unfused(n, k):
    out = []
    for i in range(n):
        x = i * 0x5DEECE66D * 0x5DEECE66D
        a = (i * 0x5DEECE66D + 11) & -0x10000
        b = (i * 0x5DEECE66D + k) & 0xFFFF
        c = (i * 0x5DEECE66D >> 3) & 0xFFFF
        d = i * 0x5DEECE66D
        d &= 0xFFFF
        e = (x * 0x5DEECE66D + 1) & 0xFFFFFFFF
        f = (i * 0x5DEECE66D * 0x5DEECE66D + 11) & -0x10000
        g = (i * 0x5DEECE66D * 0x5DEECE66D >> 20) & 0x3FFFFFFFFFFFF
        h = (i * 0x5DEECE66D * 0x5DEECE66D // 7) & 0xFFFF
        out.append((x, a, b, c, d, e, f, g, h))
    return out

def neg(n):
    s = -12345
    t = 0
    for i in range(n):
        s = (s * 0x5DEECE66D - i * 3) & 0xFFFFFFFFFFFF
        t ^= (-s * 0x7FFFFFFF + 1) & 0xFFFFFFFF
    return s, t

# each function runs three times: a loop first met while its caller is
# being traced runs as part of that residual call, compiled only later
for _ in range(3):
    print(lcg48(1234, 5000), lcg48(0xFFFFFFFFFFFF, 300))
    print(lcg62(99, 5000))
    print(mixes(4000))
    u = unfused(500, 7)
    print(u[:3], u[-1], len(u))
    print(neg(3000))
