# Division by zero with floats and ints, caught and printed.
for a, b in [(1.0, 0.0), (1, 0), (0.0, 0.0), (-1.5, 0), (5, 0.0), (0, 0)]:
    for op in ['/', '//', '%']:
        try:
            if op == '/':
                r = a / b
            elif op == '//':
                r = a // b
            else:
                r = a % b
            print(a, op, b, '=', r)
        except ZeroDivisionError as e:
            print(a, op, b, '->', type(e).__name__ + ':', e)
try:
    divmod(1.0, 0.0)
except ZeroDivisionError as e:
    print('divmod:', e)
try:
    0.0 ** -1
except ZeroDivisionError as e:
    print('pow:', e)
print(0.0 ** 0, 0 ** 0.0, 1e-320 / 1e300, -1e-320 / 1e300)
