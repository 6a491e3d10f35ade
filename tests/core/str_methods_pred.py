# is* predicates on ASCII, Latin-1 and other scripts, digits of other
# scripts ('٣'), numerics ('½', 'Ⅻ'), whitespace, identifiers, printable.
def t(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__, e)

samples = ['', 'abc', 'ABC', 'Abc', 'aBC', 'abc1', '123', '١٢٣', '٣', '½', '²', 'Ⅻ', '一二', '〇', '𝟘𝟙', '①',
           'é', 'É', 'ǅ', 'ǅa', 'Ǆa', 'ß', 'Σίσυφος', 'ΣΊΣΥΦΟΣ', 'мир', 'МИР', 'Мир Во', '日本語', 'ﾃｽﾄ',
           ' ', '\t\n\r\x0b\x0c', '\x1c\x1d\x1e\x1f', '\x85\xa0', '\u2000\u200a\u2028\u3000', '\u200b',
           'a b', 'A B', 'The Title', 'The title', 'THE', "Don'T", 'A1B', '1A', 'x_y', '_x', '__init__', '1x',
           'a-b', 'héllo', 'ℌ', 'ℵ', 'ᵃ', 'ª', 'ʰ', 'a\u0301', '\u0301', '\x00', '\x7f', 'a\nb', '\xad', '€',
           '😀', '𝔘𝔫𝔦', 'Ⓐ', 'ⓐ', '\U000e0001', '\ue000', 'ǈ', 'ᾈ', 'ǈb', 'Aǈ', 'A ǈ', '3.14', '-1', '+']
for s in samples:
    print(ascii(s), s.isalpha(), s.isalnum(), s.isdigit(), s.isdecimal(), s.isnumeric(), s.isspace(),
          s.isupper(), s.islower(), s.istitle(), s.isidentifier(), s.isprintable(), s.isascii())
t('a'.isdigit, 1)
t('a'.isidentifier, 1)
t(str.isalpha, 5)

# count per class over ranges of code points (a digest of the tables)
ranges = [(0, 0x100), (0x100, 0x800), (0x800, 0x1000), (0x1000, 0x2000), (0x2000, 0x3000), (0x3000, 0x4000),
          (0xA000, 0xB000), (0xFB00, 0x10000), (0x10000, 0x11000), (0x11000, 0x12000), (0x16000, 0x17000),
          (0x1D000, 0x1E000), (0x1E000, 0x1F000), (0x1F000, 0x20000), (0xE0000, 0xE0100)]
for lo, hi in ranges:
    counts = [0] * 11
    for c in range(lo, hi):
        ch = chr(c)
        if ch.isalpha(): counts[0] += 1
        if ch.isalnum(): counts[1] += 1
        if ch.isdigit(): counts[2] += 1
        if ch.isdecimal(): counts[3] += 1
        if ch.isnumeric(): counts[4] += 1
        if ch.isspace(): counts[5] += 1
        if ch.isupper(): counts[6] += 1
        if ch.islower(): counts[7] += 1
        if ch.istitle(): counts[8] += 1
        if ch.isidentifier(): counts[9] += 1
        if ch.isprintable(): counts[10] += 1
    print(hex(lo), hex(hi), counts)
