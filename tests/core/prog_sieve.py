# Sieve of Eratosthenes and prime utilities.
def sieve(n):
    is_prime = [True] * (n + 1)
    is_prime[0] = False
    is_prime[1] = False
    i = 2
    while i * i <= n:
        if is_prime[i]:
            for j in range(i * i, n + 1, i):
                is_prime[j] = False
        i += 1
    primes = []
    for k in range(n + 1):
        if is_prime[k]:
            primes.append(k)
    return primes

def factorize(n):
    factors = []
    d = 2
    while d * d <= n:
        while n % d == 0:
            factors.append(d)
            n //= d
        d += 1
    if n > 1:
        factors.append(n)
    return factors

primes = sieve(200)
print(primes)
print(len(sieve(10000)), sieve(10000)[-5:])
for n in [2, 12, 97, 360, 1001, 65536, 999983, 600851475143]:
    print(n, factorize(n))
twins = []
for i in range(len(primes) - 1):
    if primes[i + 1] - primes[i] == 2:
        twins.append((primes[i], primes[i + 1]))
print(twins)
gaps = {}
ps = sieve(5000)
for i in range(len(ps) - 1):
    g = ps[i + 1] - ps[i]
    gaps[g] = gaps.get(g, 0) + 1
print(sorted(gaps.items()))
