# Every construct re's compiler emits, matched against a few subjects:
# span, groups and lastindex of search(), and fullmatch().
import re

CASES = [
    # literals, escapes, any
    (r'abc', ['abc', 'xabcx', 'ab']),
    (r'a.c', ['abc', 'a\nc', 'ac']),
    (r'(?s)a.c', ['a\nc']),
    (r'\t\n\x41\u00e9\101\0', ['\t\nA\xe9A\0']),
    # classes, ranges, negation, categories inside classes
    (r'[abc]+', ['xxbcaxx']),
    (r'[^abc]+', ['abxyzc']),
    (r'[a-fA-F0-9]+', ['zz0x1F9az']),
    (r'[\w.-]+@[\w.-]+', ['mail: john.doe@ex-ample.com!']),
    (r'[\d\s]+', ['ab 12 3c']),
    (r'[^\W\d]+', ['12abc_3']),
    (r'[\]\\^-]+', ['x]\\^-y']),
    (r'[\u0400-\u04ff]+', ['abc привет']),
    (r'[^\u0400-\u04ff]+', ['привет abc']),
    # categories
    (r'\d+\D+\s+\S+\w+\W+', ['12ab  cd_e!!']),
    (r'\d+', ['x١٢٣y']),
    (r'\s+', ['a\u2028\x1c\x85 b']),
    (r'\w+', ['naïve_1 café']),
    # anchors
    (r'^a', ['a', 'ba', 'b\na']),
    (r'(?m)^a', ['b\na']),
    (r'a$', ['a', 'a\n', 'a\nb']),
    (r'(?m)a$', ['a\nb']),
    (r'\Aa', ['a', 'ba']),
    (r'a\Z', ['a', 'a\n']),
    (r'\bfoo\b', ['foo', 'a foo.', 'foobar', 'café foo']),
    (r'\Bo\B', ['foo', 'o']),
    (r'\b', ['', 'a']),
    (r'\B', ['', 'a']),
    # groups, named groups, non-capturing, backreferences
    (r'(a)(b)(c)', ['abc']),
    (r'(?P<x>a+)(?P<y>b+)?', ['aab', 'aa']),
    (r'(?:ab)+', ['ababab']),
    (r'(a|b)\1', ['aa', 'ab', 'bb']),
    (r'(?P<q>[\'"]).*?(?P=q)', ['say "hi" and \'bye\'']),
    (r'(a)|b', ['b']),
    (r'(a)?b\1', ['b', 'aba']),
    # conditionals
    (r'(<)?\w+(?(1)>|$)', ['<abc>', 'abc', '<abc']),
    (r'(?P<a>x)?(?(a)y|z)', ['xy', 'z', 'xz']),
    # alternation order
    (r'a|ab|abc', ['abc']),
    (r'(abc|ab|a)c', ['abc']),
    # greedy, lazy, possessive repeats
    (r'a*', ['aaa', 'baaa']),
    (r'a+?', ['aaa']),
    (r'a??b', ['ab', 'b']),
    (r'a{2}', ['aaa']),
    (r'a{2,}', ['aaaa']),
    (r'a{,2}', ['aaaa']),
    (r'a{2,3}?', ['aaaa']),
    (r'(?:a|b){2,3}?c', ['ababc']),
    (r'(ab)*c', ['ababc', 'c']),
    (r'(ab)*?c', ['ababc']),
    (r'(a|b)*?b', ['aab']),
    (r'a*+a', ['aaa']),
    (r'a++b', ['aab']),
    (r'(?:ab)*+c', ['ababc']),
    (r'(?:ab)*+ab', ['abab']),
    (r'(ab|a)++b', ['abab', 'aab']),
    (r'a?+a', ['a']),
    (r'(a{2})*+', ['aaaaa']),
    (r'(?>a+)b', ['aab']),
    (r'(?>a+)a', ['aaa']),
    (r'(?>(a)|b)+c', ['abac']),
    # look-arounds
    (r'a(?=b)', ['ac', 'ab']),
    (r'a(?!b)', ['ab', 'ac']),
    (r'(?<=a)b', ['ab', 'cb']),
    (r'(?<!a)b', ['ab', 'cb']),
    (r'(?<=ab|cd)e', ['cde']),
    (r'(?<=(a))b', ['ab']),
    (r'(?=(a+))a*b\1', ['baaabac']),
    (r'(?!(a)b)\w', ['ab']),
    # nested repeats and groups
    (r'((a)|(b))+', ['abab']),
    (r'(a*)*', ['aaa', 'b']),
    (r'(a*)+', ['aaa']),
    (r'(a|)+', ['aaa']),
    (r'((a)|b)*', ['ab', 'ba']),
    (r'(?:(a)|(b)|(c))+', ['abcab']),
    (r'(a+|b+)*c', ['aabbac']),
    (r'^(\w+)\s*=\s*(.*?)\s*$', ['key = value  ']),
    (r'(\d{1,3})(?:,(\d{3}))*', ['1,234,567']),
    # verbose
    (r'''(?x) a   b  # comment
          [ ] c''', ['ab c']),
]

for pat, subjects in CASES:
    p = re.compile(pat)
    for s in subjects:
        m = p.search(s)
        f = p.fullmatch(s)
        if m:
            print(repr(pat), repr(s), m.span(), m.groups(), m.lastindex, m.lastgroup, f and f.span())
        else:
            print(repr(pat), repr(s), None, f and f.span())
