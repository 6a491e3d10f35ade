# round() with and without digits, including halfway cases.
for v in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5, -2.5, 2.4, 2.6, -2.6, 0.49999999999999994, 1e20]:
    print(v, round(v), type(round(v)).__name__)
for v, d in [(0.125, 2), (0.375, 2), (2.675, 2), (1.005, 2), (3.14159, 3), (3.14159, 0),
             (1234.5678, -2), (1250.0, -2), (1350.0, -2), (-0.5, 0), (0.5, 0), (1.5, 1),
             (2.5, 0), (123.456, 1), (1e-5, 3), (9.995, 2), (0.045, 2)]:
    print(v, d, round(v, d))
print(round(5), round(-5), round(15, -1), round(25, -1), round(-25, -1), round(1234, -2))
print(round(5, 2), type(round(5, 2)).__name__, type(round(2.5, 0)).__name__)
print(round(float('inf'), 2), round(float('nan'), 1), round(-0.4), round(-0.0, 1))
print(round(123456789, -3), round(2 ** 70, -10))
