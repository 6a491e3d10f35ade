# cases from CPython's test_codecs (UTF-7 errors and surrogates, partial
# input, incremental errors, escape codecs, surrogate handlers, chaining)
import codecs


def show(label, f, *args):
    try:
        r = f(*args)
    except Exception as e:
        print(label, type(e).__name__, e)
    else:
        print(label, ascii(r))


# UTF-7 errors (strict raises, replace as CPython)
for raw in [b'\xffb', b'a\xffb', b'a\xff\xffb', b'a+IK', b'a+IK-b', b'a+IK,b', b'a+IKx', b'a+IKx-b', b'a+IKwgr',
            b'a+IKwgr-b', b'a+IKwgr,', b'a+IKwgr,-b', b'a+IKwgrB', b'a+IKwgrB-b', b'a+/,+IKw-b', b'a+//,+IKw-b',
            b'a+///,+IKw-b', b'a+////,+IKw-b', b'a+IKw-b\xff', b'a+IKw\xffb', b'a+@b']:
    show(raw, codecs.utf_7_decode, raw, 'strict', True)
    show(raw, raw.decode, 'utf-7', 'replace')
# lone surrogates, non-BMP
for raw in [b'a+2AE-b', b'a+2AE\xffb', b'a+2AE', b'a+2AEA-b', b'a+2AH-b', b'a+IKzYAQ-b', b'a+IKzYAQ\xffb',
            b'a+IKzYAQA-b', b'a+IKzYAd-b', b'a+IKwgrNgB-b', b'a+IKwgrNgB\xffb', b'a+IKwgrNgB', b'a+IKwgrNgBA-b',
            b'+2AHcoA-', b'+2AHcoA', b'+IKzYAdyg-', b'+IKwgrNgB3KA']:
    show(raw, raw.decode, 'utf-7', 'replace')
print('\U000104A0'.encode('utf-7'), '\ud801\udca0'.encode('utf-7'), '\u20ac\u20ac\U000104A0'.encode('utf-7'))
other = ''.join(sorted(set(bytes(range(0x80)).decode()) - set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'(),-./:? !\"#$%&*;<=>@[]^_`{|}+ \t\n\r")))
print(other.encode('utf-7'))


# partial input: an incremental decoder fed one byte at a time
def partial(enc, text):
    data = text.encode(enc)
    d = codecs.getincrementaldecoder(enc)()
    out, acc = [], ''
    for i in range(len(data)):
        acc += d.decode(data[i:i + 1])
        out.append(acc)
    acc += d.decode(b'', True)
    print(enc, ascii(out), ascii(acc) if acc != out[-1] else '')


partial('utf-7', 'a+-b\x00c\x80d\u0100e\U00010000f')
for enc in ['utf-8', 'utf-8-sig', 'utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be']:
    partial(enc, '\x00\xff\u07ff\u0800\uffff\U00010000')
partial('unicode_escape', 'a\t\xff\u0100\U00010000z')
partial('raw_unicode_escape', 'a\\\xff\u0100\U00010000z')

# UTF-8: the incremental decoder fails early on bad bytes
cases = [b'\x80', b'\xBF', b'\xC0', b'\xC1', b'\xF5', b'\xF6', b'\xFF']
for prefix in (b'\xC2', b'\xDF', b'\xE0', b'\xE0\xA0', b'\xEF', b'\xEF\xBF', b'\xF0', b'\xF0\x90', b'\xF0\x90\x80',
               b'\xF4', b'\xF4\x8F', b'\xF4\x8F\xBF'):
    for suffix in b'\x7F', b'\xC0':
        cases.append(prefix + suffix)
cases.extend((b'\xE0\x80', b'\xE0\x9F', b'\xED\xA0\x80', b'\xED\xBF\xBF', b'\xF0\x80', b'\xF0\x8F', b'\xF4\x90'))
for data in cases:
    show(data, codecs.getincrementaldecoder('utf-8')().decode, data)
# surrogatepass, whole and incremental
for enc in ['utf-8', 'utf-16-le', 'utf-16-be', 'utf-32-le', 'utf-32-be', 'utf-16', 'utf-32']:
    for s in ['\ud901', '\udc02', 'abc\ud800def', '\U00010fff\ud800', '[\ud800\udc80]']:
        data = s.encode(enc, 'surrogatepass')
        back = data.decode(enc, 'surrogatepass')
        pieces = []
        for i in range(1, len(data)):
            dec = codecs.getincrementaldecoder(enc)('surrogatepass')
            pieces.append(dec.decode(data[:i]) + '|' + dec.decode(data[i:], True))
        print(enc, ascii(s), data, ascii(back), ascii(sorted(set(pieces))))
show('sp1', b'abc\xed\xa0'.decode, 'utf-8', 'surrogatepass')
show('sp2', b'abc\xed\xa0z'.decode, 'utf-8', 'surrogatepass')
show('sp3', b'\xed\xa0\x80'.decode, 'ascii', 'surrogatepass')
show('sp4', '\ud800'.encode, 'latin-1', 'surrogatepass')
show('sp5', 'a\ud800b'.encode, 'utf-16-be', 'surrogatepass')
show('sp6', 'a\udc80\ud800\udfff'.encode, 'utf-8', 'surrogateescape')
try:
    '[\udc80\ud800\udfff]'.encode('utf-8', 'surrogateescape')
except UnicodeEncodeError as exc:
    print(ascii(exc.object[exc.start:exc.end]))

# surrogateescape
print(ascii(b'foo\x80bar'.decode('ascii', 'surrogateescape')), ascii(b'\xed\xb0\x80'.decode('utf-8', 'surrogateescape')))
print(ascii(b'foo\x80bar'.decode('latin-1', 'surrogateescape')), '\udc80'.encode('utf-16-le', 'surrogatepass'))
show('se1', '\udc80'.encode, 'utf-16-le', 'surrogateescape')
show('se2', b'\x00\xdc'.decode, 'utf-16-le', 'surrogateescape')
show('se3', 'foo\udca5bar'.encode, 'iso-8859-3', 'surrogateescape')
show('se4', b'foo\xa5bar'.decode, 'iso-8859-3', 'surrogateescape')

# unicode_escape decode errors
for data in [b'\\x', b'[\\x]', b'[\\x0]', b'\\u', b'[\\u]', b'[\\u0]', b'[\\u00]', b'[\\u000]', b'\\U', b'[\\U]',
             b'[\\U0000000]', b'\\U00110000', b'\\N{', b'\\N{xyz', b'[\\N{xyz}]']:
    for errors in ['strict', 'ignore', 'replace', 'backslashreplace']:
        show((data, errors), codecs.unicode_escape_decode, data, errors)
        show((data, errors, 'raw'), codecs.raw_unicode_escape_decode, data, errors)
print(codecs.unicode_escape_decode(b'[\\\n]'), codecs.unicode_escape_decode(b'[\\101\\7\\08]'), codecs.unicode_escape_decode(b'\\u20ac\\U0001f600'))
print(codecs.unicode_escape_encode('\t\n\r\\\x00\x7f\x80\xff\u0100\uffff\U00010000'))
print(codecs.raw_unicode_escape_encode('\x00\x7f\x80\xff\u0100\uffff\U00010000\\'))

# escape_decode / escape_encode
for data in [b'[\\\n]', b'[\\"]', b"[\\']", b'[\\\\]', b'[\\a]', b'[\\b]', b'[\\t]', b'[\\n]', b'[\\v]', b'[\\f]', b'[\\r]',
             b'[\\7]', b'[\\77]', b'[\\377]', b'[\\x41]', b'[\\xff]', b'\\x', b'[\\x]', b'\\x0', b'[\\x0]']:
    show(data, codecs.escape_decode, data)
for data in [b'', b'\x00', b'\x1f', b'\x7f', b'\xff', b"'", b'"', b'\\', b'abc']:
    print(codecs.escape_encode(data))

# errors from a codec are wrapped in the same type when nothing is lost
TEST = {}


def search(name):
    return TEST.get(name)


codecs.register(search)


def check(exc, label):
    def raiser(*a):
        raise exc
    TEST['chain_test'] = codecs.CodecInfo(raiser, raiser, name='chain_test')
    for f, arg in [(str.encode, 'x'), (codecs.encode, 'x'), (bytes.decode, b'x'), (codecs.decode, b'x')]:
        try:
            f(arg, 'chain_test')
        except Exception as e:
            print(label, type(e).__name__, str(e), type(e.__cause__).__name__ if e.__cause__ else None)
    codecs.unregister(search)
    codecs.register(search)


class MyRuntimeError(RuntimeError):
    pass


class Slotted(RuntimeError):
    __slots__ = ()


class CustomInit(RuntimeError):
    def __init__(self):
        pass


check(RuntimeError, 'bytype')
check(RuntimeError('msg'), 'byvalue')
check(MyRuntimeError('sub'), 'subclass')
check(Slotted('slotted'), 'slotted')
check(CustomInit, 'custominit')
e = RuntimeError('attr')
e.attr = 1
check(e, 'attr')
check(RuntimeError(1), 'nonstr')
check(RuntimeError('a', 'b'), 'multi')
check(OSError('os'), 'oserror')
check(KeyError('k'), 'keyerror')
TEST['chain_test'] = codecs.CodecInfo(lambda *a: ('not bytes!', 0), lambda *a: (b'not str!', 0), name='chain_test')
print(codecs.encode(None, 'chain_test'), codecs.decode(None, 'chain_test'))
show('ret1', 'x'.encode, 'chain_test')
show('ret2', b'x'.decode, 'chain_test')
TEST['chain_test'] = codecs.CodecInfo(lambda *a: 42, lambda *a: (1, 2, 3), name='chain_test')
codecs.unregister(search)
codecs.register(search)
show('ret3', 'x'.encode, 'chain_test')
show('ret4', b'x'.decode, 'chain_test')
show('ret5', codecs.encode, 'x', 'chain_test')
