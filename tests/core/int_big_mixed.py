# big ints mixed with small ones: every operator, both signs, results that
# shrink back to small ints, divmod's floor semantics, hashes
bigs = [2**62, -2**62 - 1, 2**64 + 5, -(2**64 + 5), 3**100, -(7**80), 2**200 - 1]
smalls = [0, 1, -1, 7, -7, 2**61, -2**61, 10**12]
for a in bigs:
    for b in smalls + bigs:
        r = [a + b, a - b, b - a, a * b, a & b, a | b, a ^ b, a < b, a == b, b >= a]
        if b:
            r += [a // b, a % b, divmod(a, b), b // a, b % a, divmod(b, a)]
        print(r)
    print(-a, +a, ~a, abs(a), a << 3, a >> 3, a >> 300, a << 70, a ** 3, hash(a), hash(-a), a.bit_length())
    print(str(a), repr(a), "%d %x %o" % (a, a, a), f"{a:,}", format(a, "x"))
x = 1
for i in range(1, 60):
    x = x * i + (-1) ** i * (x // 3)
print(x, x % 1000000007, divmod(x, -10**9 + 7), hash(x), x.bit_count())
print((2**64) - (2**64 - 5), (2**70) // (2**68), (2**70) % (2**70), -(2**63) + 2**63, (2**63) * 0)
print(int("123456789012345678901234567890"), int("-98765432109876543210"), int("0x" + "f" * 30, 16))
print(float(2**80), 2**80 / 3, (2**80) / (2**79), int(1e30), 10**30 == int(1e30))
