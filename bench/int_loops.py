# int_loops: integer arithmetic in nested while/for loops.
# Exercises small-int add/mul/mod/floordiv, bit ops (& | ^ << >>),
# comparisons and loop control.  Prints checksums of all the work.
import sys

N = 1450
if len(sys.argv) > 1:
    N = int(sys.argv[1])

MASK = 0xFFFFFFFF


def lcg_mix(n):
    # nested while loops driving a linear congruential generator
    x = 12345
    total = 0
    i = 0
    while i < n:
        j = 0
        while j < n:
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            total = (total + (x % 1000) * (i ^ j)) & MASK
            j += 1
        i += 1
    return total ^ x


def popcount(v):
    c = 0
    while v:
        v &= v - 1
        c += 1
    return c


def bit_stats(n):
    # for loops with shifts, masks and a nested while
    ones = 0
    acc = 0
    for k in range(n * 40):
        v = (k * 2654435761) & MASK
        ones += popcount(v)
        acc ^= (v << 3) | (v >> 5)
        acc &= MASK
    return ones, acc


def gcd_sum(n):
    # Euclid with % and tuple swap, plus // and comparisons
    s = 0
    for a in range(1, n):
        b = a * 7 + 3
        c = (a * 31) % 997 + 1
        while c:
            b, c = c, b % c
        s += b
        if s > 1000000:
            s -= 999983
        s += (a // 3) - (a // 7)
    return s


def collatz_max(n):
    best = 0
    best_i = 0
    for i in range(1, n):
        x = i
        steps = 0
        while x != 1:
            if x & 1:
                x = 3 * x + 1
            else:
                x = x >> 1
            steps += 1
        if steps > best:
            best = steps
            best_i = i
    return best_i, best


def bench():
    report = []
    a = lcg_mix(N)
    ones, acc = bit_stats(N * 7)
    g = gcd_sum(N * 550)
    ci, cs = collatz_max(N * 50)
    report.append("lcg %s" % (a,))
    report.append("bits %s %s" % (ones, acc))
    report.append("gcd %s" % (g,))
    report.append("collatz %s %s" % (ci, cs))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
