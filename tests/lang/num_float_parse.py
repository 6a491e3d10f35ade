for s in ['1.5', '  -2.25  ', '1e10', '1E-5', 'inf', '-Infinity', 'nan', '1_000.5', '.5', '5.', '0x10' if False else '16']:
    print(repr(float(s)))
for bad in ['', 'abc', '1.2.3', '1e', '1__0', 'infinityx']:
    try:
        float(bad)
    except ValueError as e:
        print(e)
print(float(10 ** 20), float('1e308') * 10, -float('inf'))
try:
    float(10 ** 400)
except OverflowError as e:
    print(e)
print(0.1 + 0.2, 1 / 3, 2 / 3, 1e16, 1e-7, 123456789.0 * 1000)
print(1e22, 1e21, 1.0e15, 12345678901234567890.0)
print(float('1.7976931348623157e308'), 5e-324, 2.2250738585072014e-308)
print(3.0 == 3, 0.1 * 3 == 0.3, abs(0.1 * 3 - 0.3) < 1e-15)
print((0.5).as_integer_ratio(), (0.1).hex() if hasattr(0.1, 'hex') else '', (2.5).is_integer())
print(float.fromhex('0x1.8p1'))
