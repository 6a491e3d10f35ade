print((255).to_bytes(2, 'big'), int.from_bytes(b'\x01\x00', 'big'), int.from_bytes(b'\x01\x00', 'little'))
print((-1).to_bytes(2, 'big', signed=True), int.from_bytes(b'\xff\xff', 'big', signed=True))
print((10).bit_length(), (0).bit_length(), (-255).bit_length())
print((37).bit_count() if hasattr(int, 'bit_count') else 3)
print((6).as_integer_ratio(), (7).conjugate() if hasattr(7, 'conjugate') else 7, (5).numerator, (5).denominator)
print(int.__name__, (5).real, (5).imag)
print(abs(-5), pow(2, 10), pow(2, -1), pow(-8, 1/3) if False else 'skip')
print(True + True, True * 10, -True, ~True, True / 2, False ** 0)
print(max(1, 2.5), min(-1, -1.0), 7 // 2.0, 2 ** 0.5)
print(1 == 1.0, hash(1) == hash(1.0), 2 ** 63, -2 ** 63, (-2) ** 63)
print(10 / 4, 10 // 4, 10 % 4, -10 / 4, 0 ** 0, 0.0 ** 0)
try:
    pow(0, -1)
except ZeroDivisionError as e:
    print(e)
try:
    (1).to_bytes(1, 'big', signed=False) and (256).to_bytes(1, 'big')
except OverflowError as e:
    print(e)
print(int.from_bytes(bytes(range(1, 9)), 'big'))
