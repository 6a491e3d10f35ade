# decimal, digit, numeric and decomposition over every code point,
# as checksums over the runs of equal values, plus samples and errors.
import unicodedata as U

MOD = (1 << 61) - 1


def checksum(fn):
    ids = {}
    h = 0
    runs = 0
    prev = object()
    for c in range(0x110000):
        v = fn(chr(c))
        if v != prev or type(v) is not type(prev):
            k = (type(v).__name__, v)
            if k not in ids:
                ids[k] = len(ids)
            h = (h * 1000003 + c * 7919 + ids[k]) % MOD
            runs += 1
            prev = v
    return runs, len(ids), h


print("decimal", checksum(lambda ch: U.decimal(ch, None)))
print("digit", checksum(lambda ch: U.digit(ch, None)))
print("numeric", checksum(lambda ch: U.numeric(ch, None)))
print("decomposition", checksum(U.decomposition))

for ch in "0\u00b2\u00bd\u0663\u2155\u216b\u3405\u4e07\U00010107\U0001d7ce\uf96b\u00e9\ufb01\uac00\u1e9b\u2460\ufdfa":
    print(ascii(ch), U.decimal(ch, -1), U.digit(ch, -1), U.numeric(ch, -1), repr(U.decomposition(ch)))
print(U.decimal("a", "dflt"), U.numeric("x", None))
for fn, a in [(U.decimal, ("a",)), (U.digit, ("a",)), (U.numeric, ("a",)),
              (U.category, (1,)), (U.category, ("ab",)), (U.decimal, ("",)),
              (U.combining, ()), (U.mirrored, ("a", "b")), (U.decomposition, (b"a",))]:
    try:
        print(fn(*a))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
