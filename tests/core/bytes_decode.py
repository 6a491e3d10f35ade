# bytes.decode: codecs, error handlers, exact UnicodeDecodeError messages
def show(label, f, *args):
    try:
        r = f(*args)
        print(label, ascii(r))
    except Exception as e:
        print(label, type(e).__name__, e)

good = [b'', b'plain ascii', b'caf\xc3\xa9', b'\xe2\x82\xac', b'\xf0\x9f\x98\x80', b'\xef\xbf\xbf', b'\xf4\x8f\xbf\xbf']
for b in good:
    show('utf8 ' + repr(b), b.decode)
bad = [b'\xff', b'a\x80b', b'\xc0\x80', b'\xc1\xbf', b'\xc3', b'\xe2\x82', b'\xe2\x28\xa1', b'\xe0\x80\x80',
       b'\xed\xa0\x80', b'\xf0\x80\x80\x80', b'\xf0\x90', b'\xf4\x90\x80\x80', b'\xf5\x80', b'x\xf0\x9f\x98',
       b'\xe9\xe9', b'ok\xc3\xa9\xff\xfe']
for b in bad:
    for errors in ['strict', 'replace', 'ignore', 'backslashreplace', 'surrogateescape']:
        show(errors + ' ' + repr(b), b.decode, 'utf-8', errors)
show('surrogatepass', b'\xed\xa0\x80x'.decode, 'utf-8', 'surrogatepass')
show('surrogateescape ascii', b'a\xffb'.decode, 'ascii', 'surrogateescape')
show('xmlcharrefreplace', b'\xff'.decode, 'utf-8', 'xmlcharrefreplace')
show('bad handler', b'\xff'.decode, 'utf-8', 'nope')
show('bad handler unused', b'fine'.decode, 'utf-8', 'nope')

for enc in ['ascii', 'latin-1', 'latin1', 'iso-8859-1', 'UTF-8', 'utf8', 'utf_8', 'U8', 'us-ascii']:
    show(enc, b'caf\xc3\xa9'.decode, enc)
for errors in ['strict', 'replace', 'ignore', 'backslashreplace']:
    show('ascii ' + errors, b'a\xe9\xe9b'.decode, 'ascii', errors)
show('unknown', b'x'.decode, 'klingon')
show('unknown empty', b''.decode, 'klingon')
show('encoding int', b'x'.decode, 1)
show('errors None', b'x'.decode, 'utf-8', None)
print(b'kw'.decode(encoding='ascii'), b'kw'.decode(errors='strict'), b'\xff'.decode(errors='replace') == '\ufffd')
try:
    b'x'.decode(foo='bar')
except TypeError as e:
    print('TypeError', e)

for enc in ['utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be']:
    data = 'h\xe9\u20ac\U0001f600'.encode(enc)
    show(enc, data.decode, enc)
show('utf16 bom be', b'\xfe\xff\x00a'.decode, 'utf-16')
show('utf16 odd', b'a\x00b'.decode, 'utf-16-le')
show('utf16 lone low', b'\x00\xdca\x00'.decode, 'utf-16-le')
show('utf16 bad pair', b'\x00\xd8a\x00'.decode, 'utf-16-le')
show('utf16 cut pair', b'\x00\xd8'.decode, 'utf-16-le')
show('utf16 replace', b'\x00\xd8a\x00'.decode, 'utf-16-le', 'replace')
show('utf32 big', b'\x00\x00\x11\x00'.decode, 'utf-32-le')
show('utf32 surrogate', b'\x00\xd8\x00\x00'.decode, 'utf-32-le')
show('utf32 odd', b'a\x00\x00'.decode, 'utf-32-le')

print(str(b'abc', 'ascii'), str(b'\xc3\xa9', 'utf-8') == '\xe9', str(b'\xff', 'utf-8', 'replace') == '\ufffd')
print(str(bytearray(b'ba'), 'ascii'), bytearray(b'\xc3\xa9').decode() == '\xe9')
try:
    str(b'\xff', 'ascii')
except UnicodeDecodeError as e:
    print(type(e).__name__, e, isinstance(e, ValueError), isinstance(e, UnicodeError))
for s in ['', 'ascii', 'caf\xe9', '\u20ac uro', '\U0001f600']:
    for enc in ['utf-8', 'utf-16', 'utf-32-be']:
        if s.encode(enc).decode(enc) != s:
            print('round trip failed', enc, ascii(s))
print('done')
