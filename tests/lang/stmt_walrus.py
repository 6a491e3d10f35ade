data = [3, 8, 1, 9]
if (n := len(data)) > 3:
    print('n =', n)
chunks = iter(['ab', 'cd', '', 'ef'])
while (chunk := next(chunks)):
    print('chunk', chunk)
print((x := 10) * 2, x)
def f():
    if (y := 5) > 3:
        pass
    return y
print(f())
values = [y := 1, y ** 2, y + 10]
print(values)
print(max(v for v in range(5)), [v := 3, v])
def g(a=(b := 7)):
    return a
print(g(), b)
import math
print([(r, math.isqrt(r)) for i in range(5) if (r := i * i + 1) % 2 == 0])
print((z := (w := 2) + 1), z, w)
d = {}
if (val := d.get('k')) is None:
    print('missing', val)
