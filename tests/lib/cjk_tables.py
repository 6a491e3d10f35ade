# Every one- and two-byte sequence decoded, and every BMP code point (and a
# sample of the others) encoded, by each CJK codec: digests of the results
# compared with CPython's (the mapping tables and error lengths).
import hashlib

CODECS = ['shift_jis', 'cp932', 'euc_jp', 'shift_jis_2004', 'shift_jisx0213',
          'euc_jis_2004', 'euc_jisx0213', 'gb2312', 'gbk', 'gb18030', 'hz',
          'euc_kr', 'cp949', 'johab', 'big5', 'cp950', 'big5hkscs',
          'iso2022_kr', 'iso2022_jp', 'iso2022_jp_1', 'iso2022_jp_2',
          'iso2022_jp_2004', 'iso2022_jp_3', 'iso2022_jp_ext']

def digest(x):
    if isinstance(x, str):
        x = x.encode('utf-8', 'surrogatepass')
    return hashlib.md5(x).hexdigest()[:16]

# two-byte sequences, each followed by a newline (which resynchronises the
# stateless codecs and resets ISO-2022's shift)
pairs = bytearray()
for a in range(256):
    for b in range(256):
        pairs += bytes((a, b, 10))
pairs = bytes(pairs)
# three-byte ones behind the EUC codecs' 0x8F and JIS X 0212/0213 escapes
triples = bytearray()
for b in range(0xA1, 0xFF, 3):
    for c in range(256):
        triples += bytes((0x8F, b, c, 10))
triples = bytes(triples)
bmp = '\n'.join(chr(c) for c in range(0x80, 0x10000))
astral = '\n'.join(chr(c) for c in list(range(0x10000, 0x10400)) +
                   list(range(0x20000, 0x2B000, 7)) + [0x10FFFF])

for enc in CODECS:
    d1 = digest(pairs.decode(enc, 'backslashreplace'))
    d2 = digest(triples.decode(enc, 'backslashreplace'))
    e1 = digest(bmp.encode(enc, 'backslashreplace'))
    e2 = digest(astral.encode(enc, 'backslashreplace'))
    print(enc, d1, d2, e1, e2)

# GB18030's four-byte codes, through the two ends of their ranges
four = bytearray()
for b1 in list(range(0x81, 0x86)) + list(range(0x8F, 0x92)) + [0xE3, 0xE4, 0xFD, 0xFE]:
    for b2 in range(0x30, 0x3A):
        for b3 in range(0x80, 0x100, 5):
            for b4 in (0x2F, 0x30, 0x35, 0x39, 0x3A):
                four += bytes((b1, b2, b3, b4))
four = bytes(four)
print('gb18030 four', digest(four.decode('gb18030', 'backslashreplace')))
# EUC-KR's make-up sequences: every choseong, jungseong, jongseong byte
mk = bytearray()
for c in range(0xA0, 0xC0):
    for j in (0xBE, 0xBF, 0xC5, 0xD3, 0xD4):
        for t in range(0xA0, 0xC0):
            mk += bytes((0xA4, 0xD4, 0xA4, c, 0xA4, j, 0xA4, t))
mk += bytes((0xA4, 0xD4, 0xA4, 0xA1, 0xA4, 0xBF, 0xA4, 0xD4))
mk += bytes((0xA4, 0xD4, 0xA3, 0xA1, 0xA4, 0xBF, 0xA4, 0xD4))
mk = bytes(mk)
print('euc_kr makeup', digest(mk.decode('euc_kr', 'backslashreplace')))
print(''.join(chr(c) for c in range(0xAC00, 0xD7A4, 97)).encode('euc_kr')[:80])

# ISO-2022: every 94x94 code (and the bytes around it) after each
# designation, in each variant (a set a variant lacks makes the escape
# sequence illegal)
grid = bytes(b for a in range(0x20, 0x80) for b2 in range(0x20, 0x80) for b in (a, b2))
ESCAPES = [b'\x1b(B', b'\x1b(J', b'\x1b(I', b'\x1b$@', b'\x1b$B', b'\x1b&@\x1b$B',
           b'\x1b$A', b'\x1b$(C', b'\x1b$(D', b'\x1b$(O', b'\x1b$(P', b'\x1b$(Q',
           b'\x1b$)C\x0e', b'\x1b.A', b'\x1b.F']
for enc in CODECS[17:]:
    out = []
    for esc in ESCAPES:
        out.append(digest((esc + grid).decode(enc, 'backslashreplace')))
    print(enc, ' '.join(out))
# ISO-2022-JP-2's single shift of G2
for g2 in (b'', b'\x1b.A', b'\x1b.F'):
    data = g2 + b''.join(b'\x1bN' + bytes((x,)) for x in range(256))
    print(ascii(data.decode('iso2022_jp_2', 'backslashreplace')[-40:]))
