print(int('ff', 16), int('0xff', 16), int('0xff', 0), int('777', 8), int('0o777', 0), int('101', 2), int('0b101', 0))
print(int('z', 36), int('ZZ', 36), int('  42  '), int('-17'), int('+5'))
print(int('1_000_000'), int('0x_ff', 16), 1_000_000 + 0x_F + 0b_1 + 0o_7)
print(int('1' * 40), int('-' + '9' * 30))
for bad in ['', '1.5', '12a', '1__0', '_1', '0x', 'abc']:
    try:
        int(bad)
    except ValueError as e:
        print(e)
try:
    int('9', 8)
except ValueError as e:
    print(e)
try:
    int('1', 1)
except ValueError as e:
    print(e)
try:
    int('1', 37)
except ValueError as e:
    print(e)
try:
    int(5, 10)
except TypeError as e:
    print(e)
print(int(3.99), int(-3.99), int(True), int('٣'), int(b'12') if False else 'skip')
try:
    int(float('inf'))
except OverflowError as e:
    print(e)
try:
    int(float('nan'))
except ValueError as e:
    print(e)
print(int('0'), int('00'), int('0', 0))
try:
    int('010', 0)
except ValueError as e:
    print(e)
