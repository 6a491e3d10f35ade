# unicodedata.ucd_3_2_0 (Unicode 3.2.0, for IDNA): its properties over every
# code point as checksums, samples, and the idna codec built on it.
import unicodedata as U

MOD = (1 << 61) - 1
db = U.ucd_3_2_0


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


print(db.unidata_version, type(db).__name__, type(db).__module__, type(db) is U.UCD)
for name in ("category", "bidirectional", "combining", "mirrored", "east_asian_width", "decomposition"):
    print(name, checksum(getattr(db, name)))
print("decimal", checksum(lambda ch: db.decimal(ch, None)))
print("numeric", checksum(lambda ch: db.numeric(ch, None)))
print("name", checksum(lambda ch: db.name(ch, None)))
for ch in "a\u0221\u0f3a\u20ac\u1b06\U0001f600\u9fcc\uf951\U0002f868":
    print(ascii(ch), db.category(ch), db.bidirectional(ch), db.mirrored(ch), db.east_asian_width(ch),
          ascii(db.normalize("NFC", ch)), ascii(db.normalize("NFKD", ch)), db.name(ch, None))
try:
    U.UCD()
except TypeError as e:
    print("TypeError", e)
print("\ufb01".encode("idna"), "B\u00fccher.example".encode("idna"), b"xn--bcher-kva.example".decode("idna"))
print("stra\u00dfe.de".encode("idna"), "\uff21\uff22\uff23\uff0e\uff43\uff4f\uff4d".encode("idna"))
import stringprep, encodings.idna
print(stringprep.in_table_a1("\u0221"), stringprep.in_table_b1("\u00ad"), stringprep.map_table_b2("\u00c5"))
print(encodings.idna.nameprep("\u216b\u00df\u0130"))
try:
    "\u0221.com".encode("idna")
except UnicodeError as e:
    print("UnicodeError", e)
for fn, a in [(db.combining, ()), (db.decimal, ()), (db.lookup, ()), (db.category, (1,)), (db.name, (1,)),
              (db.normalize, ("NFC",)), (U.lookup, ()), (U.decimal, (1, 2, 3)), (db.digit, ("x",))]:
    try:
        print(fn(*a))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
try:
    U.category(chr=" ")
except TypeError as e:
    print("TypeError", e)
