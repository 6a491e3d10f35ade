# Integers overflowing machine words inside a hot loop, and coming back.
x = 1
peak_bits = 0
for i in range(20000):
    if i < 10000:
        x = x * 3 + 1
    else:
        x = x // 3
    if x.bit_length() > peak_bits:
        peak_bits = x.bit_length()
print(peak_bits, x)
acc = 0
for i in range(50000):
    acc += 2 ** 40 * i
print(acc, acc > 2 ** 63)
y = 9223372036854775800
steps = []
for i in range(20):
    y += 1
    if y > 9223372036854775807:
        steps.append(i)
print(steps[:3], y)
z = -9223372036854775800
for i in range(20000):
    z -= 1
print(z, z < -(2 ** 63))
m = 1
for i in range(1, 10000):
    m = (m * 1000003) % (2 ** 89 - 1)
print(m)
