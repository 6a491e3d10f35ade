# Integer arithmetic, including negative operands to // and %.
pairs = [(7, 3), (-7, 3), (7, -3), (-7, -3), (0, 5), (6, 3), (-6, 3), (1, 10), (-1, 10)]
for a, b in pairs:
    print(a, b, '|', a + b, a - b, a * b, a // b, a % b, a / b, divmod(a, b))
print(2 ** 10, 2 ** 0, 0 ** 0, (-2) ** 3, (-2) ** 4)
print(2 ** -1, 2 ** -3, (-2) ** -2, 10 ** -2)
print(type(2 ** -1).__name__, type(2 ** 3).__name__)
print(pow(2, 10), pow(2, 10, 1000), pow(3, 200, 13), pow(-2, 3, 5), pow(2, -1, 7))
print(pow(7, 0, 1), pow(123456789, 987654321, 1000000007))
print(abs(-5), abs(5), abs(0), abs(-10 ** 20))
print(-(-3), +(-3), -0)
x = 10
x += 5
x -= 3
x *= 2
x //= 5
x %= 3
x **= 3
print('augmented', x)
print(17 // 1, -17 // 1, 17 % 1)
print(10 // 3 * 3 + 10 % 3)
print(1000000 * 1000000, 99999 * 99999)
print((-5) // 2, -5 // 2, -(5 // 2))
print(divmod(-17, 5), divmod(17, -5), divmod(0, -3))
