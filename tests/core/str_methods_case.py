# upper/lower/casefold/title/capitalize/swapcase: ASCII, Latin-1, Latin
# Extended, Greek (final sigma), Cyrillic, Armenian, Georgian, special
# multi-character mappings, and a digest over larger ranges.
def t(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__, e)

words = ['hello world', 'Hello World', 'HELLO', "they're bill's friends", 'ÉCOLE été', 'straße', 'ǆemal ǅ Ǆ',
         'ΟΔΥΣΣΕΥΣ', 'Σ', 'ΑΣ', 'ΑΣ Α', 'Α.Σ', 'ΑΣ.', 'Α\u0301Σ\u0301', 'Σ.Α', 'москва МОСКВА', 'ﬁnance ﬂow',
         'İstanbul', 'ıi', 'ŉ', 'ǰ', 'ΐ', 'ᾳ ᾼ ῳ', 'ﬀ ﬃ ﬆ', 'Ֆ և', 'ა ᲐᲑ', 'abc123def', '123abc', 'a1b2', 'x_y-z',
         "o'neil", 'ǈ', 'ß', 'ẞ', 'ÿŸ', 'µ', 'ſ', 'Å Å', 'ꞵ Ʃ', '𐐀𐐨', '𞤀𞤢', 'Ⓐⓐ', 'ǲ', '', ' ', 'a\u0345']
for w in words:
    print(ascii(w), ascii(w.upper()), ascii(w.lower()), ascii(w.casefold()), ascii(w.title()),
          ascii(w.capitalize()), ascii(w.swapcase()))
print('ß'.upper() == 'SS', 'ﬁ'.upper(), 'ŉ'.upper(), 'ς'.upper(), 'ΣΑΣ'.lower(), 'ΣΑΣ ΣΑΣ'.lower())
print('aBc DeF'.swapcase(), 'hELLO wORLD'.title(), 'hello-world foo_bar 3rd'.title(), 'ABC DEF'.capitalize())
t('a'.upper, 1)
t('a'.lower, 1, 2)
t('a'.title, 1)
t('a'.capitalize, 'x')
t(str.upper, 5)

def digest(s):
    h = 0
    for ch in s:
        h = (h * 1000003 + ord(ch)) % 1000000007
    return h

ranges = [(0, 0x250), (0x250, 0x530), (0x530, 0x600), (0x10A0, 0x1100), (0x13A0, 0x1400), (0x1C80, 0x1CC0),
          (0x1E00, 0x2000), (0x2100, 0x2200), (0x2C00, 0x2D30), (0xA640, 0xA800), (0xAB70, 0xABC0),
          (0xFB00, 0xFB20), (0xFF00, 0xFF60), (0x10400, 0x10500), (0x10C80, 0x10D00), (0x118A0, 0x11900),
          (0x16E40, 0x16E80), (0x1E900, 0x1E950)]
for lo, hi in ranges:
    s = ''
    for c in range(lo, hi):
        s += chr(c)
    spaced = ''
    for c in range(lo, hi):
        spaced += chr(c) + ' '
    print(hex(lo), hex(hi), digest(s.upper()), digest(s.lower()), digest(s.casefold()), digest(s.swapcase()),
          digest(spaced.title()), digest(s.title()), digest(s.capitalize()), len(s.upper()), len(s.casefold()))
