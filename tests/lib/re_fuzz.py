# Random patterns (a fixed pseudo-random sequence) run through search,
# match, fullmatch, findall, sub, split and finditer, str and bytes: any
# difference from CPython's engine shows up in the output.
import re

state = 12345
def rnd(n):
    global state
    state = (state * 1103515245 + 12345) & 0x7FFFFFFF
    return (state >> 8) % n

def choice(seq):
    return seq[rnd(len(seq))]

ATOMS = ['a', 'b', 'c', '.', '[ab]', '[^a]', r'\w', r'\W', r'\d', r'\s', r'\b', r'\B', '^', '$',
         r'\A', r'\Z', 'x', '[a-c]', '(?i:A)', 'é', r'\1', '(?(1)a|b)', '[^\\s]', 'a|']
QUANT = ['*', '+', '?', '*?', '+?', '??', '{2}', '{1,3}', '{0,2}?', '*+', '++', '?+', '{1,2}+', '{,2}']

def gen(d):
    r = rnd(100)
    if d > 3 or r < 30:
        return choice(ATOMS)
    if r < 45:
        return gen(d + 1) + gen(d + 1)
    if r < 55:
        return '(' + gen(d + 1) + ')'
    if r < 60:
        return '(?:' + gen(d + 1) + '|' + gen(d + 1) + ')'
    if r < 68:
        return '(' + gen(d + 1) + '|' + gen(d + 1) + ')'
    if r < 85:
        q = choice(QUANT)
        return ('(?:' if r & 1 else '(') + gen(d + 1) + ')' + q
    if r < 90:
        return '(?=' + gen(d + 1) + ')'
    if r < 93:
        return '(?!' + gen(d + 1) + ')'
    if r < 96:
        return '(?<=' + choice(['a', 'b', 'ab', '[ab]']) + ')'
    if r < 98:
        return '(?<!' + choice(['a', 'b', 'ab']) + ')'
    return '(?>' + gen(d + 1) + ')'

def show(m):
    return m and (m.span(), m.groups(), m.lastindex)

for i in range(400):
    p = gen(0)
    flags = choice([0, 0, re.I, re.M, re.S, re.A])
    isbytes = rnd(5) == 0 and 'é' not in p
    try:
        c = re.compile(p.encode() if isbytes else p, flags)
    except re.error as e:
        print('error', repr(p), e)
        continue
    for j in range(3):
        s = ''.join(choice('abcx \néA1') for _ in range(rnd(9)))
        if isbytes:
            s = s.replace('é', 'e').encode()
        tmpl = b'<\\g<0>>' if isbytes else '<\\g<0>>'
        print(repr(p), flags, repr(s), show(c.search(s)), show(c.match(s)), show(c.fullmatch(s)),
              c.findall(s), c.sub(tmpl, s), c.split(s), c.subn(tmpl[:1], s, 2),
              [x.span() for x in c.finditer(s, 1)])
