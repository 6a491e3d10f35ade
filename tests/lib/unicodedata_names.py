# unicodedata.name over every code point, lookup of every name, alias and
# named sequence (and in lower case), and their errors.
import unicodedata as U

MOD = (1 << 61) - 1
h = 0
n = 0
names = []
for c in range(0x110000):
    nm = U.name(chr(c), None)
    if nm is not None:
        n += 1
        for b in nm.encode():
            h = (h * 131 + b) % MOD
        h = (h * 1000003 + c) % MOD
        if c % 17 == 0:
            names.append((nm, c))
print("names", n, h)

bad = 0
for nm, c in names:
    if U.lookup(nm) != chr(c) or U.lookup(nm.lower()) != chr(c) or U.lookup(nm.encode()) != chr(c):
        bad += 1
        print("lookup", nm, hex(c))
print("looked up", len(names), "bad", bad)

for nm in ["LATIN SMALL LETTER A", "latin capital letter gha", "LATIN CAPITAL LETTER GHA",
           "BYZANTINE MUSICAL SYMBOL FTHORA SKLIRON CHROMA VASIS", "NULL", "BOM",
           "TAMIL CONSONANT K", "latin capital letter a with macron and grave",
           "KEYCAP NUMBER SIGN", "HANGUL SYLLABLE GAG", "HANGUL SYLLABLE PWILH",
           "CJK UNIFIED IDEOGRAPH-4E00", "CJK UNIFIED IDEOGRAPH-2B739",
           "cjk unified ideograph-4e00", "hangul syllable ga", "CJK UNIFIED IDEOGRAPH-4DC0",
           "CJK UNIFIED IDEOGRAPH-4E0", "HANGUL SYLLABLE XX", "NO SUCH NAME", "",
           "LATIN SMALL LETTER A\0", "x" * 300, "x" * 256]:
    for db in (U, U.ucd_3_2_0):
        try:
            print(ascii(db.lookup(nm)))
        except KeyError as e:
            print("KeyError", ascii(e.args[0])[:80])

for ch in "a\x00\uac00\ud7a3\u4e00\u9fff\u3400\U0002a6df\U0002b739\U0003134a\U000e0100\ufeff\U0010ffff":
    print(ascii(ch), U.name(ch, None), U.ucd_3_2_0.name(ch, None))
try:
    U.name("\x00")
except ValueError as e:
    print("ValueError", e)
try:
    U.lookup(1)
except TypeError as e:
    print("TypeError", e)
print(eval(r'"\N{LATIN SMALL LETTER A WITH ACUTE}"') == U.lookup("LATIN SMALL LETTER A WITH ACUTE"))
for nm in [b"\xff\xfeAB", b"NO SUCH", b"latin small letter b", "caf\xe9", b"keycap digit one"]:
    try:
        print(ascii(U.lookup(nm)))
    except KeyError as e:
        print("KeyError", ascii(e.args[0]))
