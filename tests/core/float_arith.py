# Float arithmetic, floor division and modulo.
pairs = [(7.5, 2), (-7.5, 2), (7.5, -2), (-7.5, -2), (5.0, 0.5), (1.0, 3.0), (0.0, 1.0), (-0.0, 1.0)]
for a, b in pairs:
    print(a, b, '|', a + b, a - b, a * b, a / b, a // b, a % b, divmod(a, b))
print(1 / 2, 3 / 4, 10 / 5, 2 ** 0.5, 8 ** (1 / 3), (-8) ** 2.0)
print(1.5 + 2, 2 * 0.5, 3 - 1.0, 7 / 2, 1e308 * 10, -1e308 * 10)
print(float('inf') - float('inf'), float('inf') * 0, float('inf') + 1)
print(0.1 + 0.2 - 0.3, 1 - 0.9)
print(5.5 % 2, -5.5 % 2, 5.5 % -2, 1e-10 % 1, 3.0 % 1.5)
print(6.0 // 4, -6.0 // 4, 6 // 4.0, -6 // -4.0)
print(abs(-2.5), abs(2.5), abs(-0.0), -(-0.0))
x = 1.0
for i in range(10):
    x = x * 1.5 - 0.25
print(x)
t = 0.0
for i in range(10):
    t += 0.1
print(t, t == 1.0, round(t, 10) == 1.0)
print(2.0 ** -1, 2.0 ** 10, 10 ** -1.0, 4 ** 0.5, 0.0 ** 0)
print((-2.0) ** 3, (-2.0) ** 2, 2.0 ** -2)
print(1e300 * 1e10, 1e-320 / 1e10, 5e-324 / 2)
print(float(2 ** 1023) * 2, 9.99e307 + 9.99e307)
print(7.0 == 7, 7.1 > 7, 0.1 * 10 == 1.0)
