# Complex arithmetic in hot loops, with operand types changing mid-loop, so
# compiled code meets complex values where it had seen ints and floats.
def mandel(c, limit):
    z = 0j
    for i in range(limit):
        z = z * z + c
        if abs(z) > 2.0:
            return i
    return limit

total = 0
for k in range(3000):
    c = complex(-2.0 + (k % 60) / 20.0, -1.2 + (k // 60) / 20.0)
    total += mandel(c, 20)
print(total)

acc = 0
vals = []
for i in range(4000):
    if i < 1500:
        x = i
    elif i < 2500:
        x = i * 0.5
    else:
        x = complex(i, -i)
    acc = acc + x * 2 - x / 3
    if i % 997 == 0:
        vals.append(acc)
print(acc, vals)

s = 0j
for i in range(5000):
    w = (1 + 1j) if i % 3 else 2.5
    s += w ** 2 - (i % 7) * 1j
    s = s.conjugate() if i % 1000 == 0 else s
    if i == 4000:
        s = complex(s.real / 1000, s.imag / 1000)
print(s, abs(s), s == s, hash(s) == hash(complex(s.real, s.imag)))

def f(x):
    return x * x - 1
r = []
for i in range(3500):
    v = i if i < 3000 else i * 1j
    y = f(v)
    if i % 500 == 499:
        r.append(y)
print(r)

eq = 0
for i in range(3000):
    a = complex(i, 0) if i % 2 else float(i)
    if a == i:
        eq += 1
    if i > 2000 and a != i + 0j:
        eq -= 100
print(eq)

n = 0
for i in range(3000):
    try:
        z = (i % 5) * 1j
        q = 1 / z
        n += 1
    except ZeroDivisionError as e:
        msg = str(e)
print(n, msg)
