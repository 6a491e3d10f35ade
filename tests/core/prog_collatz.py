# Collatz sequences.
def collatz_len(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps

def collatz_seq(n):
    seq = [n]
    while n != 1:
        if n % 2:
            n = 3 * n + 1
        else:
            n = n // 2
        seq.append(n)
    return seq

print(collatz_seq(6))
print(collatz_seq(27)[:20], len(collatz_seq(27)), max(collatz_seq(27)))
best = 0
best_n = 0
for n in range(1, 3000):
    c = collatz_len(n)
    if c > best:
        best = c
        best_n = n
print('longest below 3000:', best_n, best)
cache = {1: 0}
def cached_len(n):
    if n in cache:
        return cache[n]
    if n % 2 == 0:
        r = 1 + cached_len(n // 2)
    else:
        r = 1 + cached_len(3 * n + 1)
    cache[n] = r
    return r
print(cached_len(837799), collatz_len(837799))
print(collatz_len(2 ** 100 + 1))
