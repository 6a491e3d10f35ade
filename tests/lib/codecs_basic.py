# _codecs and codecs: the registry, encode/decode, the C codec functions
import codecs
import _codecs


def show(f, *args, **kw):
    try:
        r = f(*args, **kw)
    except Exception as e:
        print("  ", type(e).__name__, e)
    else:
        print("  ", repr(r))


print('é'.encode('cp1252'), b'\xe9'.decode('cp437'), 'x'.encode('utf-16'))
show(lambda: 'abc'.encode('rot13'))
show(lambda: b'abc'.decode('rot13'))
print(codecs.encode('abc', 'rot13'), codecs.decode('nop', 'rot_13'))
show(codecs.encode, 1, 'rot13')
show(codecs.encode, 'a', 'rot13', 'strict')
show(codecs.decode, b'a', 'rot13')
show(codecs.lookup, 'no-such-codec')
show(codecs.lookup, 1)
show(lambda: 'a'.encode('no such'))
show(lambda: b'a'.decode('no such'))

# lookup normalizes and caches; CodecInfo
for name in ['UTF-8', 'utf8', 'U8', 'latin_1', 'Latin-1', 'ISO-8859-15', 'cp1252', 'mac-roman', 'koi8_r',
             'utf_16', 'UTF-32-BE', 'ascii', 'us-ascii', 'rot-13', 'unicode-escape',
             'raw_unicode_escape', 'utf-8-sig', 'UTF7', 'punycode', 'cp037', 'shift_jis_nope']:
    try:
        ci = codecs.lookup(name)
    except LookupError as e:
        print(name, 'LookupError', e)
    else:
        print(name, ci.name, type(ci).__name__, isinstance(ci, tuple), len(ci))
print(codecs.lookup('utf-8') is codecs.lookup('UTF_8'))
print(repr(codecs.lookup('latin-1'))[:40])

# a search function
seen = []


def search(name):
    seen.append(name)
    if name == 'my_codec':
        return codecs.CodecInfo(lambda s, errors='strict': (s.upper().encode(), len(s)),
                                lambda b, errors='strict': (bytes(b).decode().lower(), len(b)),
                                name='my-codec')
    if name == 'bad_codec':
        return 42
    return None


codecs.register(search)
print('abc'.encode('My Codec'), b'XYZ'.decode('my-codec'), seen)
print(codecs.lookup('MY--CODEC').name, seen)
show(codecs.lookup, 'bad codec')
show(codecs.lookup, '  weird !! Name ')
print(seen)
show(codecs.register, 42)
codecs.unregister(search)
show(codecs.lookup, 'my_codec')
codecs.unregister(search)

# encoder / decoder functions
print(_codecs.utf_8_encode('aé€😀'), _codecs.utf_8_decode(b'a\xc3\xa9\xe2\x82\xac'))
print(_codecs.utf_8_decode(b'a\xc3', None, False), _codecs.utf_8_decode(b'a\xc3', 'replace', True))
print(_codecs.ascii_encode('abc'), _codecs.ascii_decode(b'abc'), _codecs.latin_1_encode('\xff'), _codecs.latin_1_decode(b'\xff'))
print(_codecs.utf_16_encode('a€'), _codecs.utf_16_encode('a€', None, 1), _codecs.utf_16_encode('a', None, -1))
print(_codecs.utf_16_le_encode('a😀'), _codecs.utf_16_be_encode('a😀'))
print(_codecs.utf_32_encode('a'), _codecs.utf_32_encode('a', 'strict', 1), _codecs.utf_32_le_encode('😀'), _codecs.utf_32_be_encode('😀'))
print(_codecs.utf_16_decode(b'\xff\xfea\x00'), _codecs.utf_16_decode(b'\xfe\xff\x00a'), _codecs.utf_16_decode(b'a\x00'))
print(_codecs.utf_16_ex_decode(b'\xfe\xff\x00a'), _codecs.utf_16_ex_decode(b'a\x00'), _codecs.utf_16_ex_decode(b'\x00a', None, 1))
print(_codecs.utf_16_ex_decode(b'\xfe'), _codecs.utf_16_ex_decode(b'\xfe', 'strict', 0, True) if False else '')
print(_codecs.utf_32_decode(b'\xff\xfe\x00\x00a\x00\x00\x00'), _codecs.utf_32_ex_decode(b'\x00\x00\xfe\xff\x00\x00\x00a'))
print(_codecs.utf_16_le_decode(b'=\xd8\x00\xde'), _codecs.utf_16_be_decode(b'\xd8=\xde\x00'))
print(_codecs.utf_32_le_decode(b'\x00\xf6\x01\x00'), _codecs.utf_32_be_decode(b'\x00\x01\xf6\x00'))
print(_codecs.utf_7_encode('Hi Mom -☺-!'), _codecs.utf_7_decode(b'Hi Mom -+Jjo--!'))
print(_codecs.utf_7_encode('A≢Α.'), _codecs.utf_7_encode('日本語'), _codecs.utf_7_encode('+1 ~\\ 😀'))
print(_codecs.utf_7_decode(b'+ZeVnLIqe-'), _codecs.utf_7_decode(b'+2D3eAA-'), _codecs.utf_7_decode(b'a+-b'))
for s in ['', 'abc', '+', '+-', 'a+b', '\x00', 'é', '~', '\\', 'a\u1234b', '😀😀', '\u20ac-', '\u20acA', 'x' * 3 + '\u20ac' * 3]:
    e = s.encode('utf-7')
    print(repr(s), e, e.decode('utf-7') == s)
show(_codecs.utf_7_decode, b'+A-')
show(_codecs.utf_7_decode, b'+AB-')
show(_codecs.utf_7_decode, b'+\xff')
show(_codecs.utf_7_decode, b'\xff')
show(_codecs.utf_7_decode, b'a+2D0', None, True)
print(_codecs.utf_7_decode(b'a+2D0', None, False), _codecs.utf_7_decode(b'a+AGE', None, False))

print(_codecs.unicode_escape_encode('a\'"\\\x00\xff\t\n\r\u1234\U00012345\x7f'))
print(_codecs.raw_unicode_escape_encode('a\\\xff\u1234\U00012345\udc80'))
print(_codecs.unicode_escape_decode(b'a\\n\\t\\x41\\u1234\\U0001F600\\101\\0\\N{LATIN SMALL LETTER A}\\\nz\xe9'))
print(_codecs.unicode_escape_decode('\\u00e9 str'), _codecs.raw_unicode_escape_decode(b'\\u00e9 \\x41 \\\\u0041 \xff'))
for b in [b'\\', b'a\\x4', b'\\x4g', b'\\N', b'\\N{', b'\\N{}', b'\\N{foo}x', b'\\U00110000', b'\\u12']:
    for final in (True, False):
        show(_codecs.unicode_escape_decode, b, None, final)
for b in [b'\\', b'\\u12', b'\\U00110000', b'\\\\u0041', b'\\\\\\u0041']:
    for final in (True, False):
        show(_codecs.raw_unicode_escape_decode, b, None, final)
print(_codecs.unicode_escape_decode(b'\\x4g\\u12', 'replace'), _codecs.unicode_escape_decode(b'a\\x4gb', 'ignore'))
print(_codecs.unicode_escape_decode(b'\\x4g', 'backslashreplace'))
print(_codecs.escape_encode(b'a\'"\\\x00\xff\t'))
show(_codecs.escape_encode, 'str')
print(_codecs.escape_decode(b'\\x41\\n\\101\\\n.'), _codecs.escape_decode('\\x41'))
show(_codecs.escape_decode, b'\\x4')
show(_codecs.escape_decode, b'a\\')
print(_codecs.escape_decode(b'\\x4', 'replace'), _codecs.escape_decode(b'\\x4x', 'ignore'))
print(_codecs.readbuffer_encode(b'ab'), _codecs.readbuffer_encode('é'), _codecs.readbuffer_encode(bytearray(b'x')))

# argument checking
show(_codecs.utf_8_encode, b'x')
show(_codecs.utf_8_decode, 'x')
show(_codecs.utf_8_decode, 1)
show(_codecs.utf_8_decode, b'x', 1)
show(_codecs.utf_8_decode)
show(_codecs.utf_8_decode, b'', None, False, 4)
show(_codecs.utf_8_decode, b'', errors='strict')
show(_codecs.encode, 'x', encoding='utf-16-le')
show(_codecs.decode, b'x\x00', encoding='utf-16-le', errors='strict')
show(_codecs.encode)
show(_codecs.lookup_error, 'nope')
print(_codecs.lookup_error('strict'), _codecs.lookup_error('surrogateescape'))
print(bytearray(b'\xe9t\xe9').decode('latin-1'), str(b'\xe9', 'cp1252'), str(bytearray(b'\x80'), 'cp1252', 'replace'))
print(bytes('é', 'cp850'), bytearray('€', 'cp1252'))
