# repr and str of many floats.
values = [0.1, 1 / 3, 2 / 3, 1e16, 1e15, 1e-5, 1e-4, 0.0001, 1.5e300, 1e22, 1e21,
          123456789.0, 0.1 + 0.2, 1.0, -1.0, 0.0, -0.0, 100.0, 1e100, 2.5,
          3.141592653589793, 1e-7, 123456789012345678.0, 0.5, 1.1, 2.2, 3.3,
          9007199254740993.0, 5e-324, 1.7976931348623157e308, 1 / 7, 10 / 3,
          1234.5, 0.000123, 1e-10, 12345678901234567890.0, 4.35, 0.3]
for v in values:
    print(repr(v), str(v))
print(float('inf'), float('-inf'), float('nan'), -float('inf'))
print(repr(float('inf')), repr(float('nan')), str(-float('nan')))
print(float('Infinity'), float('-iNF'), float(' 1.5 '), float('1e3'), float('-.5'))
print(float('1_000.5'), float(7), float(-3), float(2 ** 60), float('0x10' if False else '16'))
print([0.1, 0.2], (1.5,), {'k': 0.3})
print(1e16 + 1, 1e16 + 2, 2.0 ** 0.5, 10.0 ** 15, 10.0 ** 16)
print(-0.0 == 0.0, str(-0.0), repr(0.0 * -1))
print(float(1 / 3 * 3), 0.1 * 3, 0.7 + 0.1, 4.35 * 100)
