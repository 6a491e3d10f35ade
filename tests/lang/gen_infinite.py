def naturals():
    n = 0
    while True:
        yield n
        n += 1

out = []
for n in naturals():
    if n * n > 200:
        break
    out.append(n)
print(out)

def primes():
    found = []
    n = 2
    while True:
        if all(n % p for p in found):
            found.append(n)
            yield n
        n += 1
ps = primes()
print([next(ps) for _ in range(15)])

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
for _ in range(100):
    v = next(f)
print(v)

def take(n, it):
    it = iter(it)
    res = []
    for _ in range(n):
        res.append(next(it))
    return res
print(take(5, naturals()), take(3, 'abcdef'))

def cycle(seq):
    while True:
        for s in seq:
            yield s
c = cycle('xyz')
print(''.join(next(c) for _ in range(8)))
