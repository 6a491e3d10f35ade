# Match semantics: groups in repeats, lastindex, empty matches in
# findall/finditer/sub/split (3.7+ rules), pos and endpos.
import re

# group values and lastindex after repeats and alternatives
for pat, s in [(r'(a)|(b)', 'b'), (r'((a)|b)+', 'ab'), (r'(a)(b)?', 'a'),
               (r'(?:(a)|b)*', 'ab'), (r'(?:(a)|(b))*', 'abab'), (r'((a)b)*c', 'ababc'),
               (r'(x)?(y)?(z)?', 'y'), (r'(a)(?:(b)|c)*', 'abcb'), (r'(?P<one>a)(?P<two>b)?', 'ab'),
               (r'(a(b(c)))', 'abc'), (r'((a)(b))|(c)', 'c'), (r'(a|ab)(c|bcd)(d*)', 'abcd')]:
    m = re.match(pat, s)
    print(pat, s, m.groups(), m.lastindex, m.lastgroup, m.regs)

# empty matches
for pat, s in [('x*', 'abxd'), ('', 'abc'), ('a*', 'baaac'), (r'\b', 'ab cd'), ('$', 'a\nb\n'),
               ('(?m)^', 'a\nb\n'), ('a|', 'bab'), ('(a)|b', 'ab'), ('x*?', 'xx'), (r'(?=a)', 'aa')]:
    print(repr(pat), repr(s))
    print('  findall', re.findall(pat, s))
    print('  finditer', [m.span() for m in re.finditer(pat, s)])
    print('  sub', repr(re.sub(pat, '-', s)), re.subn(pat, '<\\g<0>>', s))
    print('  split', re.split(pat, s))

# findall with groups
print(re.findall(r'(\w)(\d)?', 'a1b c2'))
print(re.findall(r'(\w+)=(\w*)', 'a=1 b= c=3'))
print(re.findall(r'(a)|(b)', 'ab'))

# split with groups and maxsplit
print(re.split(r'(,)\s*', 'a, b,c'))
print(re.split(r'(?:(,)|(;))', 'a,b;c'))
print(re.split(r',', 'a,b,c,d', maxsplit=2))
print(re.split(r'x*', 'axbxc'))
print(re.split(r'\W+', 'Words, words, words.'))
print(re.split(r'(\W+)', '...words, words...'))

# sub: counts, callables, templates
print(re.sub(r'\d', '#', 'a1b22c333', count=3))
print(re.sub(r'(\w+) (\w+)', r'\2 \1', 'hello world, good bye'))
print(re.sub(r'(?P<w>\w+)', r'<\g<w>|\g<1>|\g<0>>', 'ab cd'))
print(re.sub(r'a', r'\n\t\\', 'bab'))
print(re.sub(r'(a)|b', r'[\1]', 'ab'))
print(re.sub(r'\w+', lambda m: m.group().upper() if m.start() else None, 'ab cd ef'))
print(re.subn(r'(\d+)', lambda m: str(int(m.group(1)) * 2), 'x1 y22 z333'))
print(re.sub('', '-', ''), re.sub('a', 'b', ''), re.subn('^', '>', 'abc'))

# pos and endpos
p = re.compile(r'\w+')
print(p.match('hello world', 6), p.match('hello world', 0, 3), p.search('hello world', 3, 8))
print(p.findall('hello world', 2, 9), [m.span() for m in p.finditer('hello world', 4)])
print(re.compile('^a').match('ba', 1), re.compile('^a').search('ba', 1), re.compile('(?<=b)a').match('ba', 1))
print(re.compile('a$').search('ab', 0, 1), re.compile(r'a\b').search('ab', 0, 1))
print(p.match('abc', -5, 100), p.match('abc', 5), p.search('abc', 2, 1), re.compile('').match('abc', 2, 1))
m = p.search('hello world', 3, 8)
print(m.pos, m.endpos, m.string, m.re.pattern)
print(p.fullmatch('hello', 1, 3), re.compile('a*').fullmatch('aab'), re.compile('a*?').fullmatch('aa'))

# scanner
sc = re.compile(r'\d').scanner('1a23')
print([sc.match() for _ in range(3)])
sc = re.compile(r'\d*').scanner('1a23')
print([m.span() for m in iter(sc.search, None)])

# backtracking into groups
print(re.match(r'(a+)(a+)(a+)', 'aaaaa').groups())
print(re.match(r'(a+?)(a+?)(a+)', 'aaaaa').groups())
print(re.match(r'(a|ab)(c|bcd)(d*)', 'abcd').groups())
print(re.match(r'^(a+)+$', 'aaaa').groups(), re.match(r'(a*)+b', 'aab').groups())
print(re.search(r'(\w+)\s+\1', 'the the cat').group(1))
print(re.match(r'(?:(\d)|x)*', '1x2x').groups(), re.match(r'(?:x(\d))*?y', 'x1x2y').groups())
