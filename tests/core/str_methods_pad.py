# strip/lstrip/rstrip, removeprefix/removesuffix, replace, zfill,
# ljust/rjust/center, expandtabs: ASCII, non-ASCII and errors.
def t(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__, e)

for s in ['  abc  ', '\t\n abc \x0b\x0c\r', 'abc', '', '   ', '\xa0\u2003x\u3000\x85', 'xxhixx']:
    print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr(s.strip('x')), repr(s.strip(None)))
print('www.example.com'.strip('cmowz.'), 'abcba'.lstrip('ab'), 'abcba'.rstrip('ab'), 'abc'.strip(''))
print('éaé'.strip('é'), 'éaé'.lstrip('é'), 'éaé'.rstrip('é'), '☃☃x☃'.strip('☃'), 'aéb'.strip('ab'), 'xé'.strip('é€'))
print('😀a😀'.strip('😀'), '😀a😀'.rstrip('a😀'), 'ééé'.strip('é'))
t('a'.strip, 1)
t('a'.lstrip, 1)
t('a'.rstrip, [])
t('a'.strip, 'a', 'b')
print('prefix-body'.removeprefix('prefix-'), 'body'.removeprefix('x'), 'body-suffix'.removesuffix('-suffix'), 'a'.removesuffix(''), 'a'.removeprefix(''))
print('héllo'.removeprefix('hé'), 'héllo'.removesuffix('llo'), 'abc'.removeprefix('abc'), 'abc'.removesuffix('abc'))
t('a'.removeprefix, 1)
t('a'.removesuffix, 1)
t('a'.removeprefix)
# replace
print('aaa'.replace('a', 'b'), 'aaa'.replace('a', 'b', 2), 'aaa'.replace('a', 'b', 0), 'aaa'.replace('a', 'b', -1))
print('abc'.replace('', '-'), 'abc'.replace('', '-', 2), ''.replace('', 'x'), ''.replace('a', 'b'), 'abc'.replace('x', 'y'))
print('hello world'.replace('o', 'ö'), 'héllo'.replace('é', 'e'), 'héllo'.replace('', '.'), 'aXbXc'.replace('X', ''), 'ab'.replace('ab', 'ba'))
print('☃☃☃'.replace('☃', 'snow', 2), 'aaaa'.replace('aa', 'a'), 'abab'.replace('ab', 'abab'), 'a'.replace('a', '😀'))
t('a'.replace, 1, 2)
t('a'.replace, 'a', 2)
t('a'.replace, 'a', 'b', 'c')
t('a'.replace, 'a')
t('a'.replace, 'a', 'b', 2**70)
t('a'.replace, 'a', 'b', 1.0)
# zfill
for s in ['42', '-42', '+42', '', '-', 'abc', 'é', '12345']:
    print(repr(s.zfill(5)), repr(s.zfill(0)), repr(s.zfill(-1)))
t('a'.zfill)
t('a'.zfill, 'a')
t('a'.zfill, 2**70)
# ljust / rjust / center
for w in [-1, 0, 3, 4, 5, 6, 7, 8]:
    print(w, repr('abc'.ljust(w)), repr('abc'.rjust(w, '*')), repr('abc'.center(w)), repr('ab'.center(w, '.')), repr('é'.center(w, '☃')))
print('x'.center(4), 'x'.center(5), 'xy'.center(5), 'xy'.center(6), '😀'.ljust(3, 'é') + '|')
t('a'.center)
t('a'.center, 5, 'ab')
t('a'.center, 5, '')
t('a'.center, 5, 1)
t('a'.ljust, 'a')
t('a'.rjust, 2**70)
t('a'.ljust, 1, 'x', 2)
# expandtabs
for s in ['a\tb', '\t', 'ab\tcd\tef', 'abcdefgh\tx', 'a\nb\tc', 'a\r\tb', 'é\tx', '😀😀\tx', 'no tabs']:
    print(repr(s.expandtabs()), repr(s.expandtabs(4)), repr(s.expandtabs(1)), repr(s.expandtabs(0)), repr(s.expandtabs(-2)), repr(s.expandtabs(tabsize=3)))
t('a'.expandtabs, 'a')
t('a'.expandtabs, 2**70)
t('a'.expandtabs, 1, 2)
t('a'.expandtabs, tabs=1)
