# The codecs' whole-string fast paths (str.encode / bytes.decode of text
# with no errors) and their hand-over to the general path at every kind of
# irregularity: surrogates, unencodable characters, bad bytes, truncated
# ends, BOMs, odd lengths, and ASCII runs of every length around the
# word-at-a-time loops.
import codecs

ENCS = ["utf-8", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le",
        "utf-32-be", "latin-1", "ascii"]
PIECES = ["", "a", "abc", "abcdefg", "abcdefgh", "abcdefghijklmnopq",
          "\xe9", "\xff", "\u0100", "\u20ac", "\u4e16\u754c", "\U0001f600",
          "\U0010ffff", "\ud800", "\udcff", "\udc80", "x\ud83d\ude00y"]


def show(v):
    if isinstance(v, bytes):
        return v.hex() if len(v) < 40 else "%d:%s..%s" % (len(v), v[:8].hex(), v[-8:].hex())
    return ascii(v) if len(v) < 40 else "%d:%s..%s" % (len(v), ascii(v[:8]), ascii(v[-8:]))


def try_(f, *a):
    try:
        return show(f(*a))
    except (UnicodeError, LookupError) as e:
        return "%s: %s" % (type(e).__name__, e)


texts = []
for p in PIECES:
    for q in PIECES[:4]:
        texts.append(p + q)
        if q:
            texts.append(q * 3 + p + "z" * 9)
texts.append("ab\xe9" * 1000 + "\u20ac")
texts.append("\U0001f680" * 333 + "tail")

for t in texts:
    for enc in ENCS:
        r = try_(str.encode, t, enc)
        print(enc, ascii(t[:20]), len(t), r)
        r2 = [try_(str.encode, t, enc, eh) for eh in
              ["replace", "surrogatepass", "surrogateescape", "backslashreplace"]]
        if r2 != [r] * 4:
            print("  ", r2)
        try:
            b = t.encode(enc, "surrogatepass")
        except UnicodeError:
            continue
        print("  dec", try_(bytes.decode, b, enc), try_(bytearray.decode, bytearray(b), enc))

# byte strings that are irregular in each codec
blobs = [b"", b"a", b"ab", b"abc", b"abcd", b"abcdefgh" * 3, b"\xff", b"\xfe\xff",
         b"\xff\xfe", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff", b"\xc3\xa9",
         b"\xc3", b"\xe2\x82", b"\xe2\x82\xac", b"\xed\xa0\x80", b"\xf0\x9f\x98\x80",
         b"\xf4\x90\x80\x80", b"\xc0\x80", b"\x80", b"\x00\xd8", b"\x00\xd8\x00\xdc",
         b"\x00\xdc\x00\xd8", b"\xd8\x00\xdc\x00", b"\x00\x00\x11\x00",
         b"\x00\xd8\x00\x00", b"a\x00b\x00c", b"\xe9t\xe9" * 7]
for b in blobs:
    for x in blobs[:3]:
        data = x + b + x
        for enc in ENCS:
            r = try_(bytes.decode, data, enc)
            print(enc, data.hex(), r)
            r2 = [try_(bytes.decode, data, enc, eh) for eh in
                  ["replace", "ignore", "surrogateescape", "surrogatepass", "backslashreplace"]]
            if r2 != [r] * 5:
                print("  ", r2)

# the codec functions and incremental decoders share the decoders
print(codecs.utf_16_le_decode(b"a\x00b\x00\x00", None, False))
print(codecs.utf_16_decode(b"\xfe\xff\x00a\x00b", None, True))
print(codecs.utf_16_ex_decode(b"\xfe\xff\x00a", None, 0, True))
print(codecs.utf_32_ex_decode(b"\x00\x00\xfe\xff\x00\x00\x00a", None, 0, True))
print(codecs.utf_8_decode(b"ab\xe2\x82", None, False))
print(codecs.latin_1_encode("ab\xe9\xff"), codecs.utf_32_be_encode("a\U0001f600"))
dec = codecs.getincrementaldecoder("utf-16")()
out = []
for ch in "\ufeffhello \U0001f600 w\xf6rld".encode("utf-16-be"):
    out.append(dec.decode(bytes([ch])))
print(ascii("".join(out)))
big = ("x" * 1000 + "\u00e9\u20ac\U0001f600") * 50
for enc in ENCS[:7]:
    b = big.encode(enc)
    print(enc, len(b), b.decode(enc) == big, len(b.decode(enc)))
print(len(big.encode("latin-1", "replace")), len(big.encode("ascii", "ignore")))
