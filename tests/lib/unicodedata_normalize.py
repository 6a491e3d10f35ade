# normalize() and is_normalized() in the four forms, now and in Unicode
# 3.2.0: every code point alone, and NormalizationTest-style sequences
# built here (reorderings of combining marks, Hangul, blocked and
# excluded compositions, singletons); checksums of the results plus samples.
import unicodedata as U

MOD = (1 << 61) - 1
FORMS = ("NFC", "NFD", "NFKC", "NFKD")


def fold(h, s):
    for ch in s:
        h = (h * 1000003 + ord(ch)) % MOD
    return (h * 31 + 7) % MOD


for db in (U, U.ucd_3_2_0):
    h = 0
    changed = 0
    for c in range(0x110000):
        ch = chr(c)
        for f in FORMS:
            r = db.normalize(f, ch)
            if r != ch:
                changed += 1
                h = fold(h, r)
    print(db.unidata_version, "single", changed, h)

marks = ["\u0300", "\u0301", "\u0316", "\u0327", "\u0345", "\u05b0", "\u0f71", "\u0f72", "\u0f74",
         "\u302a", "\u0334", "\u1dce", "\u0315", "\u031b"]
bases = ["a", "A", "e", "o", "u", "\u0391", "\u03c9", "\u0985", "\u0b47", "\u1100", "\uac00", "\u1b05",
         "\u0f40", "\u00e9", "\u1e9b", "\ufb01", "\u2126", "\u0344", "\u0f73", "\u212b", "\U0001d15e"]
cases = []
for b in bases:
    for i, m1 in enumerate(marks):
        for m2 in marks[i::3]:
            cases.append(b + m1 + m2)
            cases.append(b + m2 + m1 + "\u0301")
cases += ["\u1100\u1161", "\u1100\u1161\u11a8", "\uac00\u11a8", "\uac01\u11a8", "\u1100\u1161\u0300\u11a8",
          "\u1112\u1175\u11c2", "\u110b\u1174\u11ab\u11ab", "\u1161\u1100", "\u11a8\uac00",
          "\u0301a", "a\u0301\u0301", "\u0958", "\u0915\u093c", "\u2adc", "\u2add\u0338",
          "\U0001d15e\U0001d165\U0001d16e", "\u0344\u0300", "\u1e0a\u0323", "\u1e0c\u0307",
          "\u00c5\u0301", "\u212b\u0301", "\uff76\uff9e", "\u3300", "\u2163\u00bd\u33c6",
          "\u1b05\u1b35", "\u1b06", "\uf951", "\U0002f868", "\U0002f874", "\u0fb2\u0f80",
          "", "abc", "\ud800", "\u0300" * 30 + "\u0316" * 30, "a" + "\u0345\u0300" * 50]
for db in (U, U.ucd_3_2_0):
    h = 0
    same = 0
    for s in cases:
        for f in FORMS:
            r = db.normalize(f, s)
            q = db.is_normalized(f, s)
            if q != (r == s):
                print("is_normalized disagrees", ascii(s), f)
            same += q
            h = fold(h, r)
    print(db.unidata_version, "cases", len(cases), same, h)
for s in cases[-36:]:
    print(ascii(s)[:40], [ascii(U.normalize(f, s))[:40] for f in FORMS])


class S(str):
    pass


r = U.normalize("NFC", S("abc"))
print(type(r).__name__, r, U.is_normalized("NFD", S("\u00e9")))
for a in [("NFX", "a"), (1, "a"), ("NFC", 1), ("NFC",), ("nfc", "a")]:
    for fn in (U.normalize, U.is_normalized):
        try:
            print(fn(*a))
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
