data = [1, 5, 12, 3, 20, 8]
print([y for x in data if (y := x * 2) > 10])
print(y)
def f(v):
    return v * v - 10
print([r for v in range(6) if (r := f(v)) > 0])
print([last := i for i in range(4)], last)
total = 0
print([total := total + v for v in [1, 2, 3, 4]], total)
if (n := len(data)) > 5:
    print('long', n)
i = 0
while (i := i + 1) < 4:
    print('i', i)
print(any((hit := v) > 10 for v in data), hit)
def in_func():
    [q := z for z in range(3)]
    return q
print(in_func())
print((w := 5) + w)
