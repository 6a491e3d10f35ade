# re.error messages and positions (from the pure-Python parser), and the
# TypeErrors of the C engine.
import re

for pat in ['(', ')', '[a', 'a**', '*a', 'a{3,2}', r'\1', '(?P<1>a)', '(?P<a>a)(?P<a>b)', '(?<=a*)b',
            '(?z)', '(?P=nope)', r'\k', '(?', 'a{99999999999}', r'[b-a]', '(?(2)a)', r'\x4', r'\u12',
            '(?#x', '(?i', 'a)', '(?i)(?a)', '(?<!a+)', '\\', b'\\u1234', '(?P<a-b>x)',
            'x' + '(' * 5, '(?-z:a)', '(?i-i:a)']:
    try:
        re.compile(pat)
        print(repr(pat), 'ok')
    except re.error as e:
        print(repr(pat), 'error:', e.msg, e.pos, e.lineno, e.colno)
    except Exception as e:
        print(repr(pat), type(e).__name__, e)

try:
    re.compile('(a\n(b\n  c)d\n)) x', re.X)
except re.error as e:
    print(e, '|', e.lineno, e.colno, e.pos)

def trial(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

p = re.compile(r'(?P<first>\w+) (?P<last>\w+)?')
m = p.match('Isaac ')
trial(lambda: m.group(3))
trial(lambda: m.group('nope'))
trial(lambda: m.group(-1))
trial(lambda: m.start(5))
trial(lambda: m.group(1.5))
trial(lambda: m['x'])
trial(lambda: m.span(1, 2))
trial(lambda: p.match())
trial(lambda: p.match(string='x', foo=1))
trial(lambda: p.sub('x'))
trial(lambda: p.split('a', maxsplit='x'))
trial(lambda: p.match('a', 'b'))
trial(lambda: p.match(None))
trial(lambda: p.match(12))
trial(lambda: p.match(b'abc'))
trial(lambda: re.compile(b'a').match('a'))
trial(lambda: re.compile(b'a').sub('x', b'a'))
trial(lambda: re.compile('a').sub(1, 'a'))
trial(lambda: re.compile('(a)').sub(lambda m: 1, 'a'))
trial(lambda: re.sub('a', b'x', 'a'))
trial(lambda: m.expand(r'\3'))
trial(lambda: m.expand(r'\g<nope>'))
trial(lambda: re.sub('(a)', r'\2', 'a'))
trial(lambda: re.compile('a') < re.compile('b'))
trial(lambda: re.Pattern())
trial(lambda: re.Match())
trial(lambda: re.compile('a', re.L))
trial(lambda: re.compile(b'a', re.U))
trial(lambda: re.compile('a', re.A | re.U))
trial(lambda: re.compile(re.compile('a'), re.I))
trial(lambda: re.compile(1))

import _sre
sc = p.scanner('a')
trial(lambda: m.__copy__(1))
trial(lambda: m.__deepcopy__())
trial(lambda: p.__deepcopy__(1, 2))
trial(lambda: p.__copy__(x=1))
trial(lambda: m.start(1, 2))
trial(lambda: _sre.getcodesize(1))
trial(lambda: _sre.ascii_iscased())
trial(lambda: _sre.ascii_iscased('a'))
trial(lambda: _sre.unicode_tolower(1, 2))
trial(lambda: _sre.ascii_iscased(character=65))
trial(lambda: (m.end(True), _sre.ascii_tolower(True), m.start(0)))
trial(lambda: _sre.compile('a', 0, [1], 0, {}, []))
trial(lambda: _sre.compile('a', 0, (1,), 0, {}, ()))
trial(lambda: _sre.compile('a', 0, [1 << 40], 0, {}, ()))
