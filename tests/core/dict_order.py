# Insertion order, also after deletion and reinsertion.
d = {}
for k in ['delta', 'alpha', 'charlie', 'bravo']:
    d[k] = len(k)
print(list(d))
d['alpha'] = 0
print(list(d), d)
del d['delta']
d['delta'] = 99
print(list(d), d)
d.pop('charlie')
d['echo'] = 5
d['charlie'] = 7
print(d)
n = {}
for i in range(20):
    n[i * 7 % 20] = i
print(list(n))
for i in range(0, 20, 2):
    del n[i]
print(list(n))
for i in range(0, 20, 4):
    n[i] = 'back'
print(n)
for k in n:
    print(k, end=' ')
print()
for k, v in d.items():
    print(k, v)
for v in d.values():
    print(v, end=' ')
print()
print(list(reversed(d)), list(reversed(d.items())))
big = {}
for i in range(1000):
    big[str(i)] = i
for i in range(0, 1000, 3):
    del big[str(i)]
print(len(big), list(big)[:5], list(big)[-3:])
