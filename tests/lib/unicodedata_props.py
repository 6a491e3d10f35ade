# unicodedata's character properties over every code point (Unicode 14.0.0),
# as a checksum per property over the runs of equal values, plus samples.
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


for name in ("category", "bidirectional", "combining", "mirrored", "east_asian_width"):
    print(name, checksum(getattr(U, name)))

samples = "\x00 Aa0\xa0\xad\u0300\u0345\u05d0\u0627\u0660\u0f3a\u2028\u202e\u3000\uac00\ud800\ue000\uff21\U0001f600\U00020000\U000e0001\U0010ffff"
for ch in samples:
    print(ascii(ch), U.category(ch), repr(U.bidirectional(ch)), U.combining(ch),
          U.mirrored(ch), U.east_asian_width(ch))
print(U.unidata_version)
