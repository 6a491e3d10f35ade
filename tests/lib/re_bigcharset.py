# Classes the compiler turns into BIGCHARSET (a 256-entry block map and
# 256-bit blocks), with and without IGNORECASE. The compiler packs the
# block map with memoryview(...).cast('I').
import re

CASES = [
    (r'[α-ωä€𝄞]+', 0, ['xyαβγä€𝄞z', 'ΑΒΓ']),
    (r'[α-ω]+', re.I, ['ΑΒΓ σας']),
    (r'[a-z]', re.I, ['\u212a', 'ſ', 'K', '1']),
    (r'[^a-z]+', re.I, ['\u212aſ1ab']),
    (r'[а-яё]+', re.I, ['ПРИВЕТ Ёж', 'abc']),
    (r'[^α-ωa-z]+', 0, ['abγ-ΔΩ12xy']),
    (r'[\u0100-\u017f\u4e00-\u4e0f]+', 0, ['xĀāŽž丁丂y']),
    (r'[\w\u2000-\u200a]+', re.A, ['ab\u2002cd é']),
    (r'[ⅰ-ⅿ]+', re.I, ['ⅠⅡⅻ']),
    (r'(?:[α-ω]|[a-c])+?d', 0, ['αbγd']),
]
for pat, flags, subjects in CASES:
    p = re.compile(pat, flags)
    for s in subjects:
        m = p.search(s)
        print(repr(pat), flags, repr(s), m and m.span(), p.findall(s))
