# fannkuch: the classic fannkuch-redux permutation flipping benchmark
# (own version): enumerate permutations with a counter array, reverse
# prefixes with list slicing, track max flips and a signed checksum.
import sys

N = 9
REPEAT = 3
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def fannkuch(n):
    perm1 = list(range(n))
    count = [0] * n
    max_flips = 0
    checksum = 0
    sign = 1
    nperm = 0
    while True:
        first = perm1[0]
        if first != 0:
            perm = perm1[:]
            flips = 0
            k = first
            while k != 0:
                perm[:k + 1] = perm[k::-1]
                flips += 1
                k = perm[0]
            if flips > max_flips:
                max_flips = flips
            checksum += sign * flips
        nperm += 1
        sign = -sign
        # next permutation in the rotation order
        i = 1
        while True:
            if i >= n:
                return checksum, max_flips, nperm
            first = perm1[0]
            j = 0
            while j < i:
                perm1[j] = perm1[j + 1]
                j += 1
            perm1[i] = first
            count[i] += 1
            if count[i] <= i:
                break
            count[i] = 0
            i += 1


def bench():
    report = []
    total = 0
    for rep in range(REPEAT):
        checksum, flips, nperm = fannkuch(N)
        total += checksum
    report.append("total %s" % (total,))
    report.append(str(checksum))
    report.append("Pfannkuchen(%d) = %d" % (N, flips))
    report.append("permutations %s" % (nperm,))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
