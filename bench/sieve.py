# sieve: the sieve of Eratosthenes on a list of flags (index loads and
# stores, nested while loops), repeated, plus a segment count of twin
# primes.  Prints prime counts and a checksum.
import sys

N = 3000000
if len(sys.argv) > 1:
    N = int(sys.argv[1])


def sieve(n):
    flags = [True] * (n + 1)
    flags[0] = False
    flags[1] = False
    i = 2
    while i * i <= n:
        if flags[i]:
            j = i * i
            while j <= n:
                flags[j] = False
                j += i
        i += 1
    return flags


def summarize(flags):
    count = 0
    twins = 0
    checksum = 0
    last = -10
    for i in range(len(flags)):
        if flags[i]:
            count += 1
            checksum = (checksum * 31 + i) % 1000000007
            if i - last == 2:
                twins += 1
            last = i
    return count, twins, checksum


def bench():
    report = []
    total = 0
    for rep in range(4):
        flags = sieve(N + rep)
        c, t, h = summarize(flags)
        total += c
    report.append("primes %s twins %s checksum %s" % (c, t, h))
    report.append("total %s" % (total,))
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
