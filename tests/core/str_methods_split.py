# split/rsplit/splitlines/partition/rpartition/join, incl. keywords,
# maxsplit, Unicode whitespace and error messages.
def t(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__, e)

samples = ['  a  b   c  ', 'a,b,,c', '', '   ', 'one', '\ta\nb\x0bc\x0cd\re\x1cf\x1dg\x1eh\x1fi j',
           'a\xa0b\u2003c\u3000d\x85e', 'x  y']
for s in samples:
    print(repr(s), s.split(), s.rsplit(), s.split(None, 1), s.rsplit(None, 1), s.split(maxsplit=0), s.rsplit(maxsplit=2))
print('a,b,,c'.split(','), 'a,b,,c'.rsplit(','), 'a,b,,c'.split(',', 1), 'a,b,,c'.rsplit(',', 1))
print('a,b,,c'.split(',', 0), 'a,b,,c'.split(',', -1), 'a,b,,c'.split(',', 10), ','.split(','), ''.split(','))
print('a::b::c'.split('::'), 'a::b::c'.rsplit('::', 1), ':::'.split('::'), ':::'.rsplit('::'))
print('a b c'.split(sep=' '), 'a b c'.split(sep=None, maxsplit=1), 'a b c'.rsplit(' ', maxsplit=1), 'a b c'.split(maxsplit=-5))
print('  lead and trail  '.split(None, 1), '  lead and trail  '.rsplit(None, 1), 'a  b  c  '.split(None, 2))
print('héllo wörld ☃ x'.split(), 'h☃é☃l'.split('☃'), 'h☃é☃l'.rsplit('☃', 1), '😀a😀'.split('a'))
t('a'.split, 1)
t('a'.split, '')
t('a'.rsplit, '')
t('a'.split, 'a', 'b')
t('a'.split, 'a', 1, 2)
t('a'.split, x=1)
t('a'.split, ' ', sep=' ')
t('a'.split, None, 2**70)
t('a'.split, maxsplit=1.5)
t('a'.rsplit, sep=5)
# splitlines
lines = 'a\nb\r\nc\rd\x0be\x0cf\x1cg\x1dh\x1ei\x85j\u2028k\u2029l\n\nm'
print(lines.splitlines())
print(lines.splitlines(True))
print(lines.splitlines(keepends=True))
print(''.splitlines(), '\n'.splitlines(), '\n'.splitlines(True), 'x\n'.splitlines(), 'x\r'.splitlines(1), '\r\n\r\n'.splitlines())
t('a'.splitlines, 1.5)
t('a'.splitlines, x=1)
t('a'.splitlines, 1, 2)
# partition
print('a=b=c'.partition('='), 'a=b=c'.rpartition('='), 'abc'.partition('='), 'abc'.rpartition('='))
print('key: value'.partition(': '), 'héllo wörld'.partition('ö'), 'héllo'.rpartition('l'), '=='.partition('='))
t('a'.partition, '')
t('a'.rpartition, '')
t('a'.partition, 1)
t('a'.rpartition, None)
t('a'.partition)
# join
print('-'.join(['a', 'b', 'c']), ''.join([]), ', '.join(('x',)), '☃'.join('abc'), ' '.join(['é', 'ü']))
print('+'.join(['', '', '']), 'ab'.join(['1', '2', '3']))
d = {'k1': 1, 'k2': 2}
print(','.join(d), '/'.join(iter(['p', 'q'])), '|'.join(range(0) and [] or ['z']))
t(''.join, 1)
t(''.join, [1])
t(''.join, ['a', 2])
t(''.join, ['a', 'b', None])
t(''.join)
t(''.join, [], [])
class S(str):
    pass
print(repr('.'.join([S('a'), S('b')])), type('.'.join([S('a')])).__name__, type(S('x').join(['a', 'b'])).__name__)
print(type(S('a b').split()[0]).__name__, type(S('ab').partition('x')[0]).__name__)
