# Mixing bools and ints in hot arithmetic.
t = 0
for i in range(40000):
    flag = i % 3 == 0
    t += flag
    t += flag * 2
    if i > 20000:
        t -= (i % 2 == 0) + True
print(t, type(t).__name__)
b = True
for i in range(10001):
    b = not b
print(b, b + 0, -b)
v = False
for i in range(15000):
    v = v + (i % 5 == 0)
print(v, type(v).__name__)
