# Shifts and bitwise operations.
for a, b in [(12, 10), (0, 5), (-12, 10), (255, -1), (-1, -1), (6, 3)]:
    print(a, b, a & b, a | b, a ^ b, ~a)
print(1 << 0, 1 << 1, 1 << 10, 1 << 62, 1 << 63, 1 << 64)
print(1024 >> 3, 1024 >> 20, -1024 >> 3, -1 >> 10, -5 >> 1)
print(5 << 2 >> 1, (1 << 40) >> 38)
x = 0b1010
x |= 0b0101
print(bin(x))
x &= 0b1100
print(bin(x))
x ^= 0b1111
print(bin(x))
x <<= 4
print(bin(x))
x >>= 2
print(bin(x))
print(True & False, True | False, True ^ True, type(True & True).__name__)
print(True << 3, ~True, ~False)
print((0xFF00 & 0x0FF0) >> 4, hex(0xdead ^ 0xbeef))
for n in [0, 1, 2, 255, 256, -1, -255, 2 ** 70]:
    print(n, n.bit_length())
print(bin(-5), hex(-255), oct(-8))
print(0 & -1, 7 | -8, -7 ^ 3)
