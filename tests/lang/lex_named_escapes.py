# \N{...} knows every name of Unicode 14.0 (CPython 3.11): a sample across
# the code space, name aliases, the algorithmic CJK and Hangul names (upper
# case only, within the assigned ranges); named sequences are not names.
s = (
    '\N{NO-BREAK SPACE}'
    '\N{NKO COMBINING SHORT HIGH TONE}'
    '\N{TIBETAN LETTER BA}'
    '\N{RUNIC LETTER ISAZ IS ISS I}'
    '\N{LATIN CAPITAL LETTER I WITH TILDE BELOW}'
    '\N{QUADRANT LOWER RIGHT}'
    '\N{GEORGIAN SMALL LETTER GAN}'
    '\N{HEXAGRAM FOR THE CREATIVE HEAVEN}'
    '\N{VAI SYLLABLE FA}'
    '\N{HANGUL JUNGSEONG O-YEO}'
    '\N{FULLWIDTH LATIN CAPITAL LETTER O}'
    '\N{LINEAR A SIGN A366}'
    '\N{RUMI DIGIT ONE}'
    '\N{SIDDHAM LETTER A}'
    '\N{MASARAM GONDI LETTER A}'
    '\N{CUNEIFORM SIGN LU2 GUNU TIMES ASH}'
    '\N{ANATOLIAN HIEROGLYPH A097A}'
    '\N{MEDEFAIDRIN SMALL LETTER L}'
    '\N{KATAKANA LETTER MINNAN TONE-2}'
    '\N{MUSICAL SYMBOL BREVE}'
    '\N{SIGNWRITING HAND-CIRCLE MIDDLE UP}'
    '\N{ETHIOPIC SYLLABLE HHYA}'
    '\N{NEGATIVE SQUARED LATIN CAPITAL LETTER R}'
    '\N{CIRCLED CROSS FORMEE WITH FOUR DOTS}'
    '\N{TAG DIGIT FOUR}'
)
print(len(s), ascii(s))
print(ascii('\N{CHEROKEE LETTER A}\N{GEORGIAN CAPITAL LETTER AN}\N{cyrillic letter palochka}'))
print(ascii('\N{NBSP}\N{ZWJ}\N{LATIN CAPITAL LETTER GHA}\N{BYTE ORDER MARK}\N{LF}\N{line feed}'))
print(ascii('\N{CJK UNIFIED IDEOGRAPH-4E00}\N{CJK UNIFIED IDEOGRAPH-04E00}\N{CJK UNIFIED IDEOGRAPH-2EBE0}'))
print(ascii('\N{HANGUL SYLLABLE GA}\N{HANGUL SYLLABLE GAGG}\N{HANGUL SYLLABLE A}\N{HANGUL SYLLABLE HIH}'))
for name in ['CJK UNIFIED IDEOGRAPH-4e00', 'cjk unified ideograph-4E00', 'CJK UNIFIED IDEOGRAPH-2B739',
             'CJK UNIFIED IDEOGRAPH-004E00', 'HANGUL SYLLABLE GAGGG', 'hangul syllable GA', 'HANGUL SYLLABLE ',
             'KHMER CONSONANT SIGN COENG KA', 'LATIN CAPITAL LETTER A ', 'TANGUT IDEOGRAPH-17000', 'NO SUCH NAME']:
    try:
        print(ascii(eval("'\\N{%s}'" % name)))
    except SyntaxError as e:
        print(name, '->', e.msg)
