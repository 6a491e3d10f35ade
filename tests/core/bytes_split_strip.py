# split, rsplit, splitlines, partition, rpartition, join, strip & co.
def show(label, f, *args):
    try:
        r = f(*args)
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

ws = b'  a b\tc\nd\x0be\x0cf\rg\x1ch  '
for ms in [-1, 0, 1, 2, 100]:
    print('split', ms, ws.split(None, ms), ws.split(maxsplit=ms))
    print('rsplit', ms, ws.rsplit(None, ms), ws.rsplit(maxsplit=ms))
csv = b',a,,b,c,'
for ms in [-1, 0, 1, 2, 10]:
    print('split sep', ms, csv.split(b',', ms), csv.rsplit(b',', ms))
print(b'a<>b<>c'.split(b'<>'), b'a<>b<>c'.rsplit(b'<>', 1), b'aaa'.split(b'aa'), b'aaa'.rsplit(b'aa'))
print(b''.split(), b''.split(b','), b'   '.split(), b'   '.rsplit(), b'abc'.split(), b'abc'.split(b'x'))
print(b'a b'.split(sep=None), b'a,b'.split(sep=bytearray(b',')), b'a,b'.rsplit(sep=b',', maxsplit=0))
show('split empty', b'a'.split, b'')
show('rsplit empty', b'a'.rsplit, b'')
show('split str', b'a'.split, ',')
show('split int', b'a'.split, 1)
show('split maxsplit str', b'a'.split, b',', 'x')
show('split maxsplit huge', b'a'.split, b',', 2 ** 70)
show('split too many', b'a'.split, b',', 1, 2)
try:
    b'a'.split(foo=1)
except TypeError as e:
    print('TypeError', e)
try:
    b'a'.split(b',', sep=b',')
except TypeError as e:
    print('TypeError', e)

lines = b'one\ntwo\r\nthree\rfour\x0bfive\x0csix\x1cseven\n\nend'
print(lines.splitlines())
print(lines.splitlines(True))
print(lines.splitlines(keepends=True))
print(b''.splitlines(), b'\n'.splitlines(), b'\r\n'.splitlines(True), b'x\r'.splitlines(1), b'a\n\rb'.splitlines())
show('splitlines str', b'a'.splitlines, 'x')
show('splitlines float', b'a'.splitlines, 1.5)

for sep in [b'=', b'==', b'x', bytearray(b'=')]:
    print(b'a=b==c'.partition(sep), b'a=b==c'.rpartition(sep))
show('partition empty', b'a'.partition, b'')
show('partition str', b'a'.partition, '=')
show('rpartition int', b'a'.rpartition, 1)
show('partition none', b'a'.partition)

print(b'-'.join([b'a', b'b', b'c']), b''.join([b'x', bytearray(b'y')]), b', '.join((b'1', b'2')))
print(b'-'.join([]), b'-'.join([b'only']), b'-'.join(iter([b'i', b't'])), b'+'.join(b'abc'.split(b'b')))
print(b'.'.join({b'k': 1}), b''.join(bytearray(b'x').split()))
show('join str items', b'-'.join, ['a', 'b'])
show('join mixed', b'-'.join, [b'a', 2])
show('join int', b'-'.join, 5)
show('join str', b'-'.join, 'abc')

s = b'  \t\n hello \x0b\x0c\r '
print(s.strip(), s.lstrip(), s.rstrip(), s.strip(None), s.strip(b' '), s.lstrip(b' \t'))
print(b'xxhixx'.strip(b'x'), b'xyhiyx'.strip(b'xy'), b'xxhixx'.lstrip(b'x'), b'xxhixx'.rstrip(bytearray(b'x')))
print(b'hi'.strip(b''), b''.strip(), b'xxx'.strip(b'x'), b'\x1chi\x1c'.strip(), b'\x00a\x00'.strip(b'\x00'))
show('strip str', b'a'.strip, 'a')
show('lstrip int', b'a'.lstrip, 1)
show('rstrip two', b'a'.rstrip, b'a', b'b')

print(b'prefix-body'.removeprefix(b'prefix-'), b'body-suffix'.removesuffix(b'-suffix'))
print(b'abc'.removeprefix(b'x'), b'abc'.removesuffix(b''), b'abc'.removeprefix(b'abc'), b'ab'.removeprefix(b'abc'))
print(b'abc'.removeprefix(bytearray(b'a')), b'abc'.removesuffix(bytearray(b'c')))
show('removeprefix str', b'a'.removeprefix, 'a')
show('removesuffix none', b'a'.removesuffix)
