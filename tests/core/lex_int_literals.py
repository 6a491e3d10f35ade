# Integer literals in every base, with underscores.
print(0, 7, 42, 1_000_000, 1_0)
print(0x1F, 0XfF, 0x_dead_beef)
print(0o17, 0O777, 0o_1_2)
print(0b1011, 0B1111_0000, 0b_1)
print(00, 0_0)
print(123456789012345678901234567890)
print(0xFFFFFFFFFFFFFFFFFFFFFFFF)
print(-0x10, +0o10, -0b10)
print(type(0x10).__name__)
x = 1_2_3
print(x + 1)
print(0x7fffffffffffffff, 0x8000000000000000)
print(-9223372036854775808, 9223372036854775807 + 1)
