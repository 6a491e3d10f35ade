# int(str) and str(int) around the 64- and 128-bit boundaries (fast paths
# for 18 to 38 digit decimals in int.c), signs, whitespace, underscores
import sys
vals = []
for e in (17, 18, 19, 20, 27, 28, 37, 38, 39, 40, 60):
    for d in (-1, 0, 1):
        vals.append(10 ** e + d)
for b in (62, 63, 64, 65, 126, 127, 128, 129):
    for d in (-1, 0, 1):
        vals.append(2 ** b + d)
vals += [2 ** 62 - 1, 2 ** 62, 2 ** 62 + 1, 0, 1, 9, 12345678901234567890123456789, 99999999999999999999999999999999999999]
for v in vals:
    for x in (v, -v):
        s = str(x)
        assert int(s) == x, s
        assert int("+" + s.lstrip("-")) == abs(x)
        assert repr(x) == s
        print(s, len(s), int(s) == x, hash(int(s)) == hash(x), int(" %s\n" % s) == x)
for bad in ("1" * 20 + "x", "-" + "2" * 25 + " 1", "+-" + "3" * 20, "1" * 20 + "_", "٣" * 20, "-", "+"):
    try:
        int(bad)
        print("accepted", repr(bad))
    except ValueError as e:
        print("ValueError", e)
print(int("1_000_000_000_000_000_000_000"), int("0" * 30), int("-" + "0" * 25), int("0" * 19 + "1"))
print(int("٣" * 20) if False else "skip")
total = 0
for i in range(3000):
    s = str(10 ** 25 + i * 7919)
    total += int(s) % 1000003
    total += len(str(-(10 ** 30) - i))
print(total)
# -2**62 is the smallest immediate int: built from 19 digits it must equal
# (and hash like) the one computed
m = -(2 ** 62)
for s in (str(m), str(m - 1), str(m + 1), "-4611686018427387904", "4611686018427387904"):
    x = int(s)
    print(s, x == int(s[:-1]) * 10 + (int(s[-1]) if x >= 0 else -int(s[-1])), x + 1 - 1 == x, {x: 1}.get(int(s)), x // 7, x % 1000, type(x).__name__)
