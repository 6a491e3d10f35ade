for i in range(3):
    pass
else:
    print('for else ran', i)
for i in range(10):
    if i == 4:
        break
else:
    print('not printed')
print('broke at', i)
for i in []:
    pass
else:
    print('empty loop else')
n = 0
while n < 3:
    n += 1
else:
    print('while else', n)
while True:
    break
else:
    print('not printed')
def find(xs, t):
    for i, x in enumerate(xs):
        if x == t:
            return i
    else:
        return -1
print(find('abc', 'c'), find('abc', 'z'))
for i in range(3):
    for j in range(3):
        if j == i == 1:
            break
    else:
        print('inner complete', i)
        continue
    print('inner broke', i)
k = 0
while k < 5:
    k += 1
    if k == 2:
        continue
else:
    print('while else after continue', k)
def primes(n):
    out = []
    for c in range(2, n):
        for p in out:
            if c % p == 0:
                break
        else:
            out.append(c)
    return out
print(primes(30))
