# error handlers: the builtin ones in every C codec, custom ones from
# Python, UnicodeError attributes and messages
import codecs


def show(f, *args, **kw):
    try:
        r = f(*args, **kw)
    except Exception as e:
        print("  ", type(e).__name__, e)
        if isinstance(e, UnicodeError):
            print("     ", repr(e.encoding) if not isinstance(e, UnicodeTranslateError) else '', repr(e.object), e.start, e.end, repr(e.reason))
    else:
        print("  ", repr(r))


handlers = ['strict', 'ignore', 'replace', 'backslashreplace', 'xmlcharrefreplace', 'namereplace',
            'surrogateescape', 'surrogatepass']
texts = ['aé€\U0001f600b', 'x\udc80\udcffy', 'a\ud800\udc00b', '\x00\x7f\x80\xff', 'ab\u20ac\u20acc', '\u0394 \uffff \U000e0001']
for enc in ['ascii', 'latin-1', 'utf-8', 'utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-be', 'cp1252', 'iso8859_7', 'koi8-r', 'cp437', 'mac-roman']:
    print(enc)
    for t in texts:
        for h in handlers:
            print(' ', repr(t), h, end='')
            show(t.encode, enc, h)

datas = [b'a\xffb', b'\xc3', b'\xed\xa0\x80', b'\xed\xb2\x80x', b'\xe2\x82', b'\xf0\x9f\x98', b'\x80\x81\x82\x83\x84\x85',
         b'\xd8\x00\xdc\x00', b'\x00\xd8a', b'\x00\xdc\x00\x00', b'abc', b'\x00\xd8\x00\x00\xff\xff\x11\x00', b'\xe9t\xe9']
for enc in ['ascii', 'latin-1', 'utf-8', 'utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be', 'cp1252', 'cp1253',
            'iso8859_8', 'utf-8-sig', 'utf-7']:
    print(enc)
    for d in datas:
        for h in handlers:
            print(' ', d, h, end='')
            show(d.decode, enc, h)

# the handlers as functions
for h in handlers:
    f = codecs.lookup_error(h)
    print(h, f.__name__)
    for exc in [UnicodeEncodeError('ascii', 'aé\udc80\U0001f600', 1, 4, 'bad'),
                UnicodeEncodeError('utf-16-be', 'a\udc80\ud800', 1, 3, 'bad'),
                UnicodeEncodeError('utf-32', 'a\udc80', 1, 2, 'bad'),
                UnicodeDecodeError('utf-8', b'a\xed\xa0\x80\x80', 1, 3, 'bad'),
                UnicodeDecodeError('utf-16-le', b'\x00\xd8\x00\x00', 0, 2, 'bad'),
                UnicodeDecodeError('ascii', b'\x80\x81\x82\x83\x84\x85', 0, 6, 'bad'),
                UnicodeDecodeError('ascii', b'a\x01', 0, 2, 'bad'),
                UnicodeTranslateError('a\xe9\u1234', 1, 3, 'bad'),
                UnicodeEncodeError('ascii', 'abc', 5, 9, 'bad'),
                ValueError('x'), 'notanexception']:
        print(' ', type(exc).__name__, end='')
        show(f, exc)

# exceptions
e = UnicodeEncodeError('ascii', '\xe9abc', 0, 1, 'bad')
print(str(e), repr(e), e.args, e.encoding, e.object, e.start, e.end, e.reason)
e.start = 1
e.end = 3
e.reason = 'changed'
print(str(e))
e = UnicodeDecodeError('ascii', bytearray(b'\xe9abc'), 0, 2, 'bad')
print(str(e), repr(e), type(e.object))
e = UnicodeDecodeError('ascii', b'\xe9abc', 3, 4, 'bad')
print(str(e))
e = UnicodeTranslateError('\xe9\u1234\U00012345', 2, 3, 'bad')
print(str(e), repr(e), e.encoding)
e = UnicodeTranslateError('\xe9\u1234\U00012345', 0, 3, 'bad')
print(str(e))
print(str(UnicodeEncodeError('x', 'a\u1234', 1, 2, 'r')), str(UnicodeEncodeError('x', 'a\U00012345', 1, 2, 'r')))
print(str(UnicodeEncodeError('x', 'ab', 5, 6, 'r')), str(UnicodeEncodeError('x', 'ab', 1, 1, 'r')))
show(UnicodeEncodeError, 'a')
show(UnicodeEncodeError, 1, '', 1, 1, '')
show(UnicodeEncodeError, 'a', b'', 1, 1, '')
show(UnicodeEncodeError, 'a', '', 'x', 1, '')
show(UnicodeDecodeError, 'a', 'str', 1, 1, '')
show(UnicodeTranslateError, 'a', 1, 1)
print(issubclass(UnicodeEncodeError, UnicodeError), issubclass(UnicodeError, ValueError))
try:
    b'\xff'.decode('utf-8')
except UnicodeDecodeError as e:
    print(e, e.args, e.object, e.start, e.end, e.reason, e.encoding)
try:
    '\udc80'.encode()
except UnicodeEncodeError as e:
    print(e, e.args)
try:
    'aé'.encode('ascii')
except ValueError as e:
    print(type(e).__name__, e)

# custom handlers
calls = []


def myhandler(exc):
    calls.append((type(exc).__name__, exc.start, exc.end, exc.reason))
    if isinstance(exc, UnicodeEncodeError):
        return ('<%s>' % ','.join('%x' % ord(c) for c in exc.object[exc.start:exc.end]), exc.end)
    if isinstance(exc, UnicodeDecodeError):
        return ('[%s]' % exc.object[exc.start:exc.end].hex(), exc.end)
    raise TypeError("can't handle")


codecs.register_error('test.my', myhandler)
print(codecs.lookup_error('test.my') is myhandler)
for enc in ['ascii', 'latin-1', 'utf-8', 'utf-16-le', 'utf-32-be', 'cp1252', 'charmap']:
    show('aé\udc80€b'.encode, enc, 'test.my')
for enc in ['ascii', 'utf-8', 'utf-16-le', 'utf-32-le', 'cp1253', 'unicode_escape', 'raw_unicode_escape', 'utf-7']:
    show(b'a\xff\xfe\\x4\x80zz'.decode, enc, 'test.my')
print(calls)

codecs.register_error('test.bytes', lambda e: (b'\x01\x02', e.end))
show('a\xe9b'.encode, 'ascii', 'test.bytes')
show('a\udc80b'.encode, 'utf-16-le', 'test.bytes')
show('a\udc80b'.encode, 'utf-32-le', 'test.bytes')
show('a\xe9b'.encode, 'cp1252', 'test.bytes')
codecs.register_error('test.nonascii', lambda e: ('\xe9', e.end))
show('a\u1234b'.encode, 'latin-1', 'test.nonascii')
show('a\u1234b'.encode, 'ascii', 'test.nonascii')
show('a\udc80b'.encode, 'utf-8', 'test.nonascii')
show('a\u1234b'.encode, 'cp1252', 'test.nonascii')
# resume positions: backwards, forwards, negative, out of range
state = {'n': 0}


def back(e):
    state['n'] += 1
    if state['n'] > 3:
        return ('!', e.end)
    return ('?', e.start - 1 if e.start else 0)


codecs.register_error('test.back', back)
show('ab\xe9cd'.encode, 'ascii', 'test.back')
state['n'] = 0
show(b'ab\xffcd'.decode, 'ascii', 'test.back')
codecs.register_error('test.skip', lambda e: ('', e.end + 1))
show('a\xe9bc'.encode, 'ascii', 'test.skip')
show(b'a\xffbc'.decode, 'utf-8', 'test.skip')
codecs.register_error('test.neg', lambda e: ('', -1))
show('a\xe9bc'.encode, 'ascii', 'test.neg')
show(b'a\xffbc'.decode, 'utf-8', 'test.neg')
codecs.register_error('test.far', lambda e: ('', 100))
show('a\xe9bc'.encode, 'ascii', 'test.far')
show(b'a\xffbc'.decode, 'utf-8', 'test.far')
codecs.register_error('test.farneg', lambda e: ('', -100))
show('a\xe9bc'.encode, 'ascii', 'test.farneg')
codecs.register_error('test.badret', lambda e: 42)
show('a\xe9bc'.encode, 'ascii', 'test.badret')
show(b'a\xffbc'.decode, 'utf-8', 'test.badret')
codecs.register_error('test.badret2', lambda e: (b'x', e.end))
show(b'a\xffbc'.decode, 'utf-8', 'test.badret2')
codecs.register_error('test.badret3', lambda e: ('x', 'y'))
show('a\xe9bc'.encode, 'ascii', 'test.badret3')
codecs.register_error('test.raise', lambda e: 1 / 0)
show('a\xe9bc'.encode, 'ascii', 'test.raise')
show(b'a\xffbc'.decode, 'utf-8', 'test.raise')
show('a\xe9bc'.encode, 'ascii', 'no.such.handler')
show(b'a\xffbc'.decode, 'utf-8', 'no.such.handler')
print('abc'.encode('ascii', 'no.such.handler'), b'abc'.decode('utf-8', 'no.such.handler'))
show(codecs.register_error, 'x', 42)
show(codecs.lookup_error, 'no.such')


# a decode handler replacing the object
def replace_obj(exc):
    exc.object = b'XYZ' + exc.object[exc.end:]
    return ('!', 3)


codecs.register_error('test.replobj', replace_obj)
show(b'a\xffbc'.decode, 'utf-8', 'test.replobj')
show(b'a\xffbc'.decode, 'ascii', 'test.replobj')

# the same exception object is reused across errors
seen = []
codecs.register_error('test.keep', lambda e: (seen.append(e) or '', e.end))
'a\xe9b\xe9'.encode('ascii', 'test.keep')
print(len(seen), seen[0] is seen[1], seen[1].start)

# str(b, enc, errors), bytes(s, enc, errors), bytearray
print(str(b'a\xffb', 'utf-8', 'replace'), bytes('a\xe9', 'ascii', 'xmlcharrefreplace'), bytearray('a\u20ac', 'latin-1', 'backslashreplace'))
print(repr(str(b'a\xff', errors='surrogateescape')), repr(str(b'a\xff', errors='surrogateescape').encode('utf-8', 'surrogateescape')))
print('\udcff'.encode('latin-1', 'surrogateescape'), '\udcff'.encode('ascii', 'surrogateescape'))
show('\udc7f'.encode, 'ascii', 'surrogateescape')
show('\udcff'.encode, 'cp1252', 'surrogateescape')
print(repr(b'\xff\xfe'.decode('ascii', 'surrogateescape')), repr(b'\xff\xfe'.decode('cp1253', 'surrogateescape')))

# UnicodeError's fields are members: integers checked, not in __dict__
e = UnicodeEncodeError('ascii', 'abc', 0, 1, 'r')
show(setattr, e, 'start', 'x')
show(delattr, e, 'end')
e.start, e.end = 1, 3
print(e.start, e.end, e.reason, str(e), vars(e))
del e.object
print(e.object, repr(str(e)))
u = UnicodeError('plain')
print(str(u), u.args, vars(u), hasattr(u, 'start'), hasattr(u, 'object'))
t = UnicodeTranslateError('abc', 0, 1, 'r')
print(t.encoding, t.object, str(t))


class MyDecodeError(UnicodeDecodeError):
    pass


x = MyDecodeError('enc', b'xy', 0, 1, 'why')
print(x.start, str(x), vars(x), x.args, repr(x))

# namereplace over named, algorithmic, aliased and unnamed characters
print('\xe9\u0394\uac00\ud7a3\u4e00\u3400\U00020000\ufeff\x00\x85\ue000\U0001f600\u2028\u00a0\ufffe'.encode('ascii', 'namereplace'))
