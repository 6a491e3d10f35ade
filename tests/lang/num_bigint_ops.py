def fact(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r
f200 = fact(200)
print(f200)
print(len(str(f200)), f200 % 1000003, f200.bit_length())
print(2 ** 10000 % 97, pow(2, 10000, 97))
big = 2 ** 200
print(big, -big, big // 3, big % 7, -big // 7, -big % 7)
print(divmod(big, 12345678901234567890), divmod(-big, 987654321))
print(big >> 150, big << 3, (big - 1) & 0xFFFF, big | 1, big ^ (big - 1))
print(~big, -(-big), abs(-big))
print((3 ** 100) * (7 ** 80) // (21 ** 30))
print(10 ** 50 + 1 > 10 ** 50, 10 ** 50 == int('1' + '0' * 50))
print(pow(3, 1000, 10 ** 9 + 7), pow(7, -1, 13))
x = 12345678901234567890123456789
print(x * x, x * x // x == x, str(x)[::-1])
print(int(float(2 ** 60)), float(2 ** 100), 2 ** 100 / 2 ** 98)
print(hex(2 ** 70), oct(2 ** 70), bin(2 ** 70))
print(round(123456789012345678901234567890, -10))
print(sum(range(10 ** 6)) * 10 ** 20)
