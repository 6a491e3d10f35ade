# Flags: IGNORECASE (ASCII and Unicode case rules), MULTILINE, DOTALL,
# VERBOSE, ASCII, LOCALE, inline and scoped flags; flags in repr.
import re

for pat, s in [('(?i)abc', 'ABC'), ('(?i)[a-c]+', 'xAbCx'), ('(?i)[^a]', 'A'), ('(?i)é', 'É'),
               ('(?i)straße', 'STRASSE'), ('(?i)ſ', 'S'), ('(?i)s', 'ſ'), ('(?i)k', '\u212a'),
               ('(?i)[k]', '\u212a'), ('(?i)[^k]', '\u212a'), ('(?i)[a-z]', '\u212a'), ('(?i)[α-ω]+', 'ΑΒΓ'), ('(?ia)k', '\u212a'), ('(?ia)[a-z]', '\u212a'), ('(?i)σ', 'ς'), ('(?i)[σ]', 'Σ'),
               ('(?i)ΣΑΣ', 'σας'), ('(?i)(a)\\1', 'aA'), ('(?i)(é)\\1', 'éÉ'), 
               ('(?i)\u0130', 'i'), ('(?i)i', '\u0130'), ('(?i)[\u0400-\u042f]', 'б'),
               ('(?i)[^\u0400-\u042f]', 'б'), ('(?i)ǅ', 'ǆ'), ('(?i)[ǅ]', 'Ǆ'),
               ('(?i)\\w+', 'ÀB'), ('(?i)a(?-i:b)c', 'AbC'), ('(?i)a(?-i:b)c', 'ABC'),
               ('a(?i:b)c', 'aBc'), ('a(?i:b)c', 'ABc'), ('(?i:[^\\W\\d]+)', 'a1B')]:
    m = re.search(pat, s)
    print(repr(pat), repr(s), m and m.span())

# MULTILINE and DOTALL
s = 'one\ntwo\nthree\n'
print(re.findall(r'^\w+$', s), re.findall(r'(?m)^\w+$', s), re.findall(r'(?m)^', s))
print(re.findall(r'(?m)$', s), re.findall(r'.+', s), re.findall(r'(?s).+', s))
print(re.search(r'o.t', 'o\nt'), re.search(r'o.t', 'o\nt', re.S), re.findall(r'(?ms)^t.*?$', s))

# VERBOSE
p = re.compile(r'''
    (?P<int> \d+ )      # integer part
    (?: \. (?P<frac> \d+ ) )?   # fraction
    \ [#]x    # escaped space and class
''', re.X)
print(p.match('12.5 #x').groupdict(), p.match('7 #x').groupdict(), p.flags & re.X)

# ASCII vs Unicode classes
for f in (0, re.A):
    print(f, re.findall(r'\w+', 'naïve café 123 ١٢٣', f), re.findall(r'\d+', 'x١٢3', f),
          re.findall(r'\s+', 'a\xa0b\u2003c', f), re.findall(r'\b\w', 'éa b', f))

# LOCALE applies to bytes only
print(re.findall(rb'(?L)\w+', b'ab_1 cd'), re.compile(rb'\w', re.L).flags)

# flags as seen on the pattern, and repr
for pat, f in [('a', 0), ('a', re.I), ('a', re.I | re.M | re.S | re.X), ('(?i)a', 0), ('a', re.A),
               ('a', re.U), ('(?s)a', re.M), ('a', re.DEBUG if False else 0), ('a', re.T)]:
    p = re.compile(pat, f)
    print(repr(p), p.flags)
print(repr(re.compile(b'a', re.I | re.L)), re.compile(b'a').flags)
print(re.I | re.M, repr(re.I), re.IGNORECASE.value, re.RegexFlag(0), ~re.I & re.I)
