# Float accumulation where inf and nan appear mid-loop.
import math
x = 1.0
saw_inf = -1
for i in range(2000):
    x *= 1.5
    if saw_inf < 0 and math.isinf(x):
        saw_inf = i
print(saw_inf, x)
y = 0.0
first_nan = -1
for i in range(10000):
    if i == 5000:
        y = float('inf')
    if i == 6000:
        y = y - float('inf')
    y += 0.25
    if first_nan < 0 and y != y:
        first_nan = i
print(first_nan, y, math.isnan(y))
s = 0.0
for i in range(1, 50000):
    s += 1.0 / i
print(s)
z = 0.0
for i in range(20000):
    z = z * 0.999 + i % 7
print(z)
