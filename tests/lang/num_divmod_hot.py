t = 0
for i in range(-20000, 20000, 7):
    q, r = divmod(i, 13)
    t += q * 3 + r
    t += i // -5 + i % -5
print(t)
x = 1
for i in range(2000):
    x = x * 3 + i
    if x > 2 ** 100:
        x %= 2 ** 61 - 1
print(x)
f = 0.0
for i in range(1, 30000):
    f += (i % 7) / i
print(round(f, 6))
g = 0
for i in range(1, 10000):
    g += round(i / 7)
print(g)
