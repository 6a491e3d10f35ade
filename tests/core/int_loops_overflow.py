# Values growing past machine-word size inside loops.
x = 1
for i in range(100):
    x *= 3
print(x)
powers = []
p = 1
while p < 10 ** 30:
    p *= 1000
    powers.append(len(str(p)))
print(powers)
fibs = [0, 1]
for i in range(120):
    fibs.append(fibs[-1] + fibs[-2])
print(fibs[90], fibs[92], fibs[93], fibs[100], fibs[121])
acc = 2 ** 62
for i in range(5):
    acc += 2 ** 62
    print(acc, acc > 2 ** 63)
n = -(2 ** 62)
for i in range(4):
    n -= 2 ** 62
    print(n)
m = 1
for i in range(70):
    m <<= 1
print(m, m >> 69)
s = 0
for i in range(1, 40):
    s = s * 10 + i % 10
print(s)
neg = 1
for i in range(25):
    neg *= -7
print(neg)
