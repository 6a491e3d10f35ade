# UTF-16/32 encoding and decoding of texts whose ASCII runs and other
# characters fall at every offset of the 16-byte blocks the fast paths
# use (speed13), both byte orders, with and without BOM; errors inside
# and across blocks; latin-1 of mixed text.
import codecs

pieces = ["a", "\u00e9", "\u20ac", "\U0001f600", "xyzw" * 5, "\u00ff\u0100", "\n"]
texts = []
for i in range(40):
    t = ""
    for j in range(i % 7 + 1):
        t += pieces[(i * 3 + j) % len(pieces)] * ((i + j) % 5 + 1)
    texts.append("q" * (i % 17) + t)
texts.append("")
texts.append("A" * 100)
texts.append("\U0010ffff" * 9 + "B" * 33)

def digest(b):
    acc = 0
    for x in b:
        acc = (acc * 31 + x) % 1000003
    return acc

for enc in ("utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"):
    tot = 0
    for t in texts:
        b = t.encode(enc)
        back = b.decode(enc)
        assert back == t, (enc, t)
        tot = (tot * 7 + digest(b)) % 1000003
    print(enc, tot)

# truncated and invalid input at various offsets
for enc in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"):
    for t in texts[5:12]:
        b = t.encode(enc)
        for cut in (1, 3, 17):
            if cut < len(b):
                try:
                    b[:len(b) - cut].decode(enc)
                    print(enc, "cut", cut, "ok")
                except UnicodeDecodeError as e:
                    print(enc, "cut", cut, e.reason, e.start, e.end)
    lone = "x" * 20
    bad = lone.encode(enc)
    if "16" in enc:
        sur = b"\x00\xd8" if enc.endswith("le") else b"\xd8\x00"
    else:
        sur = b"\x00\xd8\x00\x00" if enc.endswith("le") else b"\x00\x00\xd8\x00"
    for at in (0, 6, 16, 18, len(bad)):
        data = bad[:at] + sur + bad[at:]
        try:
            data.decode(enc)
        except UnicodeDecodeError as e:
            print(enc, "surrogate at", at, e.reason, e.start, e.end)
        print(" replace", ascii(data.decode(enc, "replace"))[:60])
    print(enc, "surrogatepass", ascii(("ab\ud800cd" * 5).encode(enc, "surrogatepass").decode(enc, "surrogatepass")[:12]))

for t in texts[:20]:
    try:
        b = t.encode("latin-1")
        print("latin-1", len(b), digest(b), b.decode("latin-1") == t)
    except UnicodeEncodeError as e:
        print("latin-1 error", e.start, e.end)
mixed = bytes(range(256)) * 3 + b"plain ascii text, longer than sixteen bytes"
s = mixed.decode("latin-1")
print(len(s), len(s.encode("utf-8")), s.encode("latin-1") == mixed)
dec = codecs.getincrementaldecoder("utf-16")()
b = "".join(texts).encode("utf-16")
out = "".join(dec.decode(b[i:i + 7]) for i in range(0, len(b), 7)) + dec.decode(b"", True)
print(out == "".join(texts))
