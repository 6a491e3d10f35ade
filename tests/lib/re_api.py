# The Pattern and Match objects' API: attributes, methods, reprs, equality,
# copy hooks, generic aliases, and _sre's module constants and helpers.
import re, _sre

p = re.compile(r'(?P<first>\w+) (?P<last>\w+)?(?P<x>!)?')
m = p.match('Isaac Newton, physicist')
print(type(p), type(m), type(p.scanner('a')), re.Pattern, re.Match, re.Pattern[str], re.Match[bytes])
print(p.pattern, p.flags, p.groups, p.groupindex, type(p.groupindex).__name__, dict(p.groupindex))
print(m.group(), m.group(0), m.group(1), m.group('last'), m.group(1, 'last', 0), m[0], m['first'], m[2])
print(m.groups(), m.groups('-'), m.groupdict(), m.groupdict(default=0))
print(m.start(), m.end(), m.span(), m.start(2), m.end('last'), m.span('x'), m.start(3), m.span(True))
print(m.pos, m.endpos, m.lastindex, m.lastgroup, m.re is p, m.string, m.regs)
print(m.expand(r'\2, \1 \g<0> \g<first>'), m.expand(r'\\n\n'))
print(repr(m), repr(re.match('a*', 'a' * 100)), repr(re.match('.*', "it's \"q\"")))
print(repr(re.match(b'.', b'\x00')), repr(re.search('', 'abc')))
print(m.__copy__() is m, m.__deepcopy__({}) is m, p.__copy__() is p, p.__deepcopy__(None) is p)
q = re.compile(r'(?P<first>\w+) (?P<last>\w+)?(?P<x>!)?')
print(p == q, hash(p) == hash(q), p != q, p == re.compile('a'), p == re.compile(p.pattern, re.I), p == 1)
print(re.compile('a') == re.compile(b'a'), len({re.compile('a'), re.compile('a'), re.compile('b')}))
print(repr(re.compile('x' * 300))[-20:], repr(re.compile('\n\t\'"')), repr(re.compile('a', re.I | re.M)))
print(isinstance(p, re.Pattern), isinstance(m, re.Match), re.Pattern.__name__, re.Match.__qualname__, re.Match.__module__)
h = hash(m)
print(bool(m), re.match('x', 'y') is None)

# module-level functions go through the cache and purge
print(re.match('a', 'ab').span(), re.fullmatch('ab', 'ab').span(), re.search('b', 'ab').span())
print(re.findall('a', 'aa'), [x.group() for x in re.finditer('a', 'aba')], re.sub('a', 'b', 'aa'),
      re.subn('a', 'b', 'aa'), re.split('a', 'bab'), re.escape('a.b*c[d]e\\f g\n'), re.purge())
print(re.compile(p) is p, re.template('a') if False else None)

# _sre
print(_sre.MAGIC, _sre.CODESIZE, _sre.MAXREPEAT, _sre.MAXGROUPS, _sre.getcodesize())
print([_sre.ascii_iscased(c) for c in (65, 97, 48, 0xC9)], [_sre.unicode_iscased(c) for c in (65, 0x3b1, 0x5d0, 0x1c5)])
print([_sre.ascii_tolower(c) for c in (65, 0xC9, 97)], [_sre.unicode_tolower(c) for c in (65, 0xC9, 0x130, 0x212a)])
import re._compiler, re._parser
code = re._compiler._code(re._parser.parse('(a)b'), 0)
q = _sre.compile('(a)b', 0, list(code), 1, {}, (None, None))
print(q, q.match('ab').groups(), q.groups)
q = _sre.compile(None, 0, [17, 0, 16, 97, 17, 1, 1], 1, {}, (None, None))
print(q.match('ab'), q.match(b'ab'), q.match('ab').span(1))

# malformed code is refused before it runs
for code in ([99], [7, 1000], [17, 5, 1], [13, 3, 16], [24, 100, 0, 1, 16, 97, 1], [11, 3], [12, 0, 2, 1],
             [4, 3, 0, 16], [23, 4, 0, 1, 16, 97, 1], [13, 2, 10, 5, 0], [15, 1]):
    try:
        _sre.compile('x', 0, code, 1, {}, (None, None))
        print(code, 'accepted')
    except RuntimeError as e:
        print(code, e)
def s_ident(scanner, token): return token
def s_operator(scanner, token): return "op%s" % token
def s_float(scanner, token): return float(token)
def s_int(scanner, token): return int(token)
scanner = re.Scanner([
    (r"[a-zA-Z_]\w*", s_ident),
    (r"\d+\.\d*", s_float),
    (r"\d+", s_int),
    (r"=|\+|-|\*|/", s_operator),
    (r"\s+", None),
    ])
print(scanner.scan("sum = 3*foo + 312.50 + bar"))
print(scanner.scan("a = 1 $ b"))
