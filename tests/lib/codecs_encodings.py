# the single-byte codecs of the encodings package (charmap tables and
# maps), aliases, and the other pure-Python codecs on top of _codecs
import codecs
import encodings
import encodings.aliases

names = ('cp037 cp1006 cp1026 cp1125 cp1140 cp1250 cp1251 cp1252 cp1253 cp1254 cp1255 cp1256 cp1257 cp1258 '
         'cp273 cp424 cp437 cp500 cp720 cp737 cp775 cp850 cp852 cp855 cp856 cp857 cp858 cp860 cp861 cp862 cp863 '
         'cp864 cp865 cp866 cp869 cp874 cp875 hp_roman8 iso8859_1 iso8859_10 iso8859_11 iso8859_13 iso8859_14 '
         'iso8859_15 iso8859_16 iso8859_2 iso8859_3 iso8859_4 iso8859_5 iso8859_6 iso8859_7 iso8859_8 iso8859_9 '
         'koi8_r koi8_t koi8_u kz1048 mac_arabic mac_croatian mac_cyrillic mac_farsi mac_greek mac_iceland '
         'mac_latin2 mac_roman mac_romanian mac_turkish palmos ptcp154 tis_620').split()
allbytes = bytes(range(256))
for name in names:
    ci = codecs.lookup(name)
    text = allbytes.decode(name, 'replace')
    undefined = [i for i, c in enumerate(text) if c == '\ufffd']
    defined = bytes(i for i in range(256) if i not in undefined)
    back = defined.decode(name).encode(name)
    checksum = sum(ord(c) * (i + 1) for i, c in enumerate(text)) % 1000003
    print(name, ci.name, len(undefined), checksum, back == defined, ascii(text[0xa0:0xb0]))
    if undefined:
        try:
            allbytes.decode(name)
        except UnicodeDecodeError as e:
            print('   ', e)
    try:
        '\u20ac\u0416\u05d0\uffff'.encode(name)
    except UnicodeEncodeError as e:
        print('   ', e)
    print('   ', '\u20ac\u0416\u05d0\uffff'.encode(name, 'xmlcharrefreplace'))

print(ascii(allbytes.decode('cp1252', 'surrogateescape')[0x80:0x92]))
print('\udc81\udc8d'.encode('cp1252', 'surrogateescape'))

# aliases resolve through encodings.aliases
for alias in ['latin', 'l2', 'cyrillic', 'greek8', 'hebrew', 'ibm437', '437', 'csibm037', 'ms1252', 'windows_1251',
              'macintosh', 'maccyrillic', 'koi8r', 'U7', 'UTF-16BE', 'utf_32le', 'unicode_escape', 'ascii', 'ANSI_X3.4_1968']:
    print(alias, codecs.lookup(alias).name)
print(len(encodings.aliases.aliases) > 300)
print(encodings.normalize_encoding('Latin 1 - x'), encodings.search_function('no_such') is None)

# other codecs written in Python over _codecs
print('bücher'.encode('punycode'), b'bcher-kva'.decode('punycode'))
print(codecs.encode('Hello', 'rot13'), codecs.decode(b'x\x00y\x00', 'utf-16-le'))
print('a\u20acb'.encode('unicode_escape'), b'a\\u20acb'.decode('unicode_escape'))
print('a\u20acb\xe9'.encode('raw_unicode_escape'), b'a\\u20acb\xe9'.decode('raw_unicode_escape'))
print('a\u20ac'.encode('utf-7'), b'a+IKw-'.decode('utf-7'))
print(codecs.charmap_decode(b'\x00\x01\x02', 'strict', 'abc'), codecs.charmap_decode(b'\x00\x01', 'strict', {0: 'xy', 1: 0x263a}))
print(codecs.charmap_decode(b'\x00\x03', 'replace', 'abc'), codecs.charmap_decode(b'ab'))
print(codecs.charmap_encode('ab', 'strict', {97: 1, 98: b'zz'}), codecs.charmap_encode('a\xe9'))
print(codecs.charmap_encode('abz', 'replace', {97: 1, 98: None, 63: 63}))
try:
    codecs.charmap_encode('abz', 'replace', {97: 1})
except UnicodeEncodeError as e:
    print(e)
try:
    codecs.charmap_decode(b'\x00\x03', 'strict', 'abc')
except UnicodeDecodeError as e:
    print(e)
m = codecs.charmap_build(''.join(chr(0x400 + i) for i in range(256)))
print(type(m).__name__, m.size(), codecs.charmap_encode('\u0400\u04ff', 'strict', m))
print(codecs.charmap_build('abc'), codecs.charmap_build('a\x00b' + 'c' * 253) == dict(zip(map(ord, 'a\x00b' + 'c' * 253), range(256))))
