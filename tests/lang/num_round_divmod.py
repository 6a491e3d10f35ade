print(round(2.5), round(3.5), round(-2.5), round(0.5), round(1.5))
print(round(3.14159, 2), round(3.14159, 0), round(2.675, 2), round(1234.5678, -2), round(-1.005, 2))
print(round(12345, -2), round(12355, -1), round(-15, -1), round(25, -1))
print(type(round(2.5)).__name__, type(round(2.5, 0)).__name__, type(round(5, 2)).__name__)
print(round(1e300, 2), round(0.0001234, 5))
print(divmod(17, 5), divmod(-17, 5), divmod(17, -5), divmod(-17, -5))
print(divmod(7.5, 2), divmod(-7.5, 2), divmod(1, 0.3))
try:
    divmod(1, 0)
except ZeroDivisionError as e:
    print(e)
try:
    divmod(1.0, 0)
except ZeroDivisionError as e:
    print(e)
print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, -7.0 // 2, -7.0 % 2, 5 % 0.75)
try:
    round(float('inf'))
except OverflowError as e:
    print(e)
try:
    round(float('nan'))
except ValueError as e:
    print(e)
print(round(float('inf'), 2))
