# encode, maketrans/translate, str() construction, str subclasses,
# __getnewargs__, __sizeof__, format_map.
def t(f, *args, **kw):
    try:
        print(repr(f(*args, **kw)))
    except Exception as e:
        print(type(e).__name__, e)

s = 'aé€😀'
for enc in ['utf-8', 'UTF8', 'utf_8', 'U8', 'utf-16', 'utf-16-le', 'UTF-16BE', 'utf-32', 'utf-32-le', 'utf_32_be']:
    print(enc, s.encode(enc), 'abc'.encode(encoding=enc))
for enc in ['ascii', 'latin-1', 'Latin1', 'iso-8859-1', 'l1']:
    for errors in ['ignore', 'replace', 'xmlcharrefreplace', 'backslashreplace']:
        print(enc, errors, s.encode(enc, errors), 'é'.encode(enc, errors=errors))
    t(s.encode, enc)
print(''.encode(), 'abc'.encode('ascii'), 'é'.encode('latin-1'), 'ÿ'.encode('latin-1'))
t('aé€€x'.encode, 'ascii')
t('aé€€x'.encode, 'latin-1')
t('😀'.encode, 'ascii')
t('x\U0010ffff'.encode, 'latin-1')
t('a'.encode, 1)
t('a'.encode, 'utf-8', 1)
t('a'.encode, 'foo')
t('é'.encode, 'ascii', 'foo')
print('a'.encode('utf-8', 'foo'))
t('a'.encode, 'a', 'b', 'c')
t('a'.encode, encodin='x')
t('a'.encode, 'utf-8', encoding='utf-8')
print(type('abc'.encode()).__name__, len('日本語'.encode()), list('é'.encode('utf-16-le')))
# str() and decoding
print(repr(str()), repr(str('x')), repr(str(12)), repr(str(1.5)), repr(str(None)), repr(str([1, 'a'])), repr(str(b'ab')))
print(repr(str(b'caf\xc3\xa9', 'utf-8')), repr(str(b'caf\xe9', 'latin-1')), repr(str(b'abc', 'ascii')), repr(str(b'x', encoding='utf-8')))
print(repr(str(b'a\xffb', 'utf-8', 'replace')), repr(str(b'a\xffb', 'utf-8', 'ignore')), repr(str(b'a', errors='strict')), repr(str(object=5)))
t(str, b'\xff', 'utf-8')
t(str, b'a', 1)
t(str, b'a', 'utf-8', 1)
t(str, 1, 'utf-8')
t(str, 'a', 'utf-8')
t(str, x=1)
t(str, 1, 2, 3, 4)
t(str, b'a', 'nope')
class Bad:
    def __str__(self):
        return 5
t(str, Bad())
class Good:
    def __str__(self):
        return 'good'
    def __repr__(self):
        return 'Good()'
print(str(Good()), repr(Good()), str([Good()]))
# subclasses
class MyStr(str):
    def shout(self):
        return self.upper() + '!'
m = MyStr('héllo')
print(type(m).__name__, m, m.shout(), len(m), m == 'héllo', m + 'x', type(m + 'x').__name__, isinstance(m, str))
print(type(m.upper()).__name__, type(m.strip()).__name__, type(m[1:]).__name__, type(str(m)).__name__, repr(m))
print(MyStr(), MyStr(42), MyStr(b'ab', 'ascii'), type(MyStr(b'ab', 'ascii')).__name__, m.__getnewargs__(), type(m.__getnewargs__()[0]).__name__)
print('abc'.__getnewargs__(), hash(MyStr('abc')) == hash('abc'), {MyStr('k'): 1}['k'], m.find('l'), m.replace('l', 'L'))
class Upper(str):
    def __new__(cls, v):
        return super().__new__(cls, v.upper())
print(Upper('abc'), type(Upper('abc')).__name__, Upper('é') == 'É')
print('a'.__sizeof__(), ''.__sizeof__(), 'é'.__sizeof__(), '€€'.__sizeof__(), '😀'.__sizeof__())
# maketrans / translate
tbl = str.maketrans('abc', 'xyz')
print(sorted(tbl.items()), 'aabbcc-d'.translate(tbl))
tbl2 = str.maketrans('ab', 'éb', 'cd')
print(sorted(tbl2.items()), 'abcde'.translate(tbl2))
print(sorted(str.maketrans({'a': 'AA', 98: None, 'c': 100}).items()), str.maketrans({}))
print('abcdef'.translate({97: 'xy', 98: None, 99: 100, ord('é'): 'e'}), 'héllo'.translate({ord('é'): 'e', ord('l'): 'L'}))
print('abc'.translate({}), 'abc'.translate([None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, 'A']))
class Tbl:
    def __getitem__(self, k):
        if k == 120:
            raise LookupError(k)
        return k + 1
print('abcx'.translate(Tbl()), '😀'.translate({0x1F600: '☃'}), 'a'.translate({97: 0x1F600}))
t(str.maketrans)
t(str.maketrans, 1)
t(str.maketrans, {'ab': 1})
t(str.maketrans, {'': 1})
t(str.maketrans, 'ab', 'c')
t(str.maketrans, 1, 2)
t(str.maketrans, 1, 'a')
t(str.maketrans, 'a', 1)
t(str.maketrans, {1.5: 1})
t(str.maketrans, 'a', 'b', 1)
t(str.maketrans, 'a', 'b', 'c', 'd')
t('a'.translate, 1)
t('a'.translate, {97: 1.5})
t('a'.translate, {97: 0x110000})
t('a'.translate, {97: -1})
t('a'.translate)
class Boom:
    def __getitem__(self, k):
        raise ValueError('boom')
t('a'.translate, Boom())
# format_map
class Default(dict):
    def __missing__(self, key):
        return '<' + key + '>'
print('{a} {b}'.format_map({'a': 1, 'b': 2}), '{name} {x}'.format_map(Default(name='n')), 'plain'.format_map(1))
t('{0}'.format_map, {})
t('{}'.format_map, {})
t('{a}'.format_map, {})
t('{a}'.format_map, 1)
t('{a.b}'.format_map, {'a': 1})
t('a'.format_map)
# None as a bad argument (Argument Clinic says "None", older code "NoneType")
t(str, b'a', None)
t('a'.encode, None)
t('a'.encode, 'utf-8', None)
t('a'.replace, None, 'b')
t('a'.replace, 'a', None)
t('a'.removeprefix, None)
t('a'.removesuffix, None)
t(str.maketrans, 'a', None)
t('a'.find, None)
t('a'.split, None, None)
t('a'.partition, None)
t('a'.center, None)
t('a'.center, 3, None)
t('a'.join, None)
t('a'.startswith, None)
t('a'.translate, None)
t('a'.expandtabs, None)
t('a'.splitlines, None)
