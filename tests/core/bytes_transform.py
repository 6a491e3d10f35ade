# replace, case mapping, predicates, padding, zfill, expandtabs,
# translate/maketrans, hex/fromhex
def show(label, f, *args):
    try:
        r = f(*args)
        print(label, repr(r))
    except Exception as e:
        print(label, type(e).__name__, e)

b = b'abcabcabc'
for count in [-1, 0, 1, 2, 10]:
    print('replace', count, b.replace(b'bc', b'XYZ', count), b.replace(b'abc', b'', count), b.replace(b'', b'-', count))
print(b.replace(b'z', b'!'), b''.replace(b'', b'x'), b''.replace(b'a', b'b'), b'aaa'.replace(b'a', b'aa'))
print(b'aaaa'.replace(b'aa', b'b'), b'abc'.replace(bytearray(b'b'), bytearray(b'B')))
show('replace str', b.replace, 'a', b'b')
show('replace new int', b.replace, b'a', 1)
show('replace one arg', b.replace, b'a')
show('replace count str', b.replace, b'a', b'b', 'x')
show('replace count huge', b.replace, b'a', b'b', 2 ** 70)

t = b'hello wORLD 1st-class \xe9t\xc9 they\'re'
print(t.upper(), t.lower(), t.swapcase(), t.capitalize(), t.title())
print(b''.upper(), b'123'.title(), b'aBC'.capitalize(), b'A'.swapcase(), b'x1y2'.title())

preds = ['isalnum', 'isalpha', 'isascii', 'isdigit', 'islower', 'isspace', 'istitle', 'isupper']
samples = [b'', b'abc', b'ABC', b'Abc', b'aBc', b'abc1', b'123', b' \t\n\x0b\x0c\r', b'\x1c', b'Ab Cd',
           b'AB CD', b'Ab1 C2d', b'\x80', b'a\x80', b'_', b'A_B', b'hello world']
for s in samples:
    row = []
    for p in preds:
        row.append(getattr(s, p)())
    print(repr(s), row)
show('isdigit arg', b'1'.isdigit, 1)
show('upper arg', b'a'.upper, 1)

for w in [-1, 0, 3, 4, 5, 6, 7, 10]:
    print(w, b'abc'.center(w), b'abc'.center(w, b'*'), b'ab'.center(w, b'-'), b'abc'.ljust(w, b'.'), b'abc'.rjust(w, bytearray(b'0')))
show('center str fill', b'a'.center, 5, '*')
show('center long fill', b'a'.center, 5, b'**')
show('ljust int fill', b'a'.ljust, 5, 42)
show('rjust str width', b'a'.rjust, 'x')
show('center no args', b'a'.center)
show('center huge', b'a'.center, 2 ** 70)

for s in [b'42', b'-42', b'+42', b'', b'-', b'abc', b'123456']:
    print(repr(s), s.zfill(5), s.zfill(0), s.zfill(-3))
show('zfill str', b'1'.zfill, '5')
show('zfill none', b'1'.zfill)

tabs = b'a\tbc\tdef\tg\nh\ti\r\tj'
for ts in [8, 4, 1, 0, -1]:
    print(ts, tabs.expandtabs(ts))
print(tabs.expandtabs(), tabs.expandtabs(tabsize=3), b''.expandtabs(), b'no tabs'.expandtabs())
show('expandtabs str', tabs.expandtabs, 'x')
show('expandtabs huge', tabs.expandtabs, 2 ** 40)

table = bytes.maketrans(b'abc', b'xyz')
print(len(table), table[97:100], table[:3], type(table).__name__, bytearray.maketrans(b'a', b'b')[97])
print(b'aabbcc'.translate(table), b'aabbcc'.translate(table, b'b'), b'aabbcc'.translate(None, b'ac'))
print(b'abc'.translate(None), b'abc'.translate(table, delete=b'c'), b'abc'.translate(bytearray(table)))
show('maketrans len', bytes.maketrans, b'ab', b'c')
show('maketrans str', bytes.maketrans, 'a', 'b')
show('maketrans one', bytes.maketrans, b'a')
show('translate short', b'abc'.translate, b'abc')
show('translate int', b'abc'.translate, 5)
show('translate delete int', b'abc'.translate, None, 5)
show('translate none', b'abc'.translate)

h = b'\x00\x01\xab\xcd\xef\xff'
print(h.hex(), h.hex(':'), h.hex(b'-'), h.hex(':', 2), h.hex(':', -2), h.hex(' ', 4), h.hex(' ', -4), h.hex('|', 0))
print(h.hex(sep='_', bytes_per_sep=3), b''.hex(), b''.hex(':'), b'\x01'.hex(':', 5))
show('hex long sep', h.hex, '::')
show('hex empty sep', h.hex, '')
show('hex non-ascii sep', h.hex, '\xe9')
show('hex int sep', h.hex, 1)
show('hex bytes_per_sep str', h.hex, ':', 'x')
show('hex huge', h.hex, ':', 2 ** 40)
for s in ['', '00', 'ff FF', ' 01 02 ', '0a0B0c', '\t01\n02', 'abcdef0123456789']:
    print(repr(s), bytes.fromhex(s))
for s in ['0', 'g0', '0g', '1 2', 'abc', '\xe9', '00\xe900']:
    show('fromhex ' + repr(s), bytes.fromhex, s)
show('fromhex bytes', bytes.fromhex, b'00')
show('fromhex int', bytes.fromhex, 1)
print(bytes.fromhex('41').hex(), b'x'.fromhex('42'), bytearray.fromhex('4344'))
