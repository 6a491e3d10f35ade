# The CJK codecs' errors: UnicodeEncodeError/UnicodeDecodeError positions
# and reasons, the built-in handlers, and custom handlers registered with
# codecs.register_error (replacements as str or bytes, restart positions
# backwards, forwards, negative, out of range, wrong return values).
import codecs
import sys

CODECS = ['shift_jis', 'cp932', 'euc_jp', 'shift_jis_2004', 'shift_jisx0213',
          'euc_jis_2004', 'euc_jisx0213', 'gb2312', 'gbk', 'gb18030', 'hz',
          'euc_kr', 'cp949', 'johab', 'big5', 'cp950', 'big5hkscs',
          'iso2022_kr', 'iso2022_jp', 'iso2022_jp_1', 'iso2022_jp_2',
          'iso2022_jp_2004', 'iso2022_jp_3', 'iso2022_jp_ext']

def show(f):
    try:
        r = f()
    except Exception as e:
        if isinstance(e, UnicodeError) and hasattr(e, 'start'):
            return '%s(%r, %d, %d, %r)' % (type(e).__name__, e.encoding, e.start, e.end, e.reason)
        return '%s: %s' % (type(e).__name__, e)
    return ascii(r)

log = []
def recorder(exc):
    log.append((type(exc).__name__, exc.start, exc.end, exc.reason))
    return ('<%d:%d>' % (exc.start, exc.end), exc.end)
codecs.register_error('test.record', recorder)

calls = [0]
def back(exc):
    calls[0] += 1
    if calls[0] <= 2:
        return ('[back]', 0)
    return ('[fwd]', min(exc.end + 1, len(exc.object)))
codecs.register_error('test.back', back)
codecs.register_error('test.bytes', lambda exc: (b'\xff\xfe', exc.end))
codecs.register_error('test.neg', lambda exc: ('N', -1 if exc.end < len(exc.object) else exc.end))
codecs.register_error('test.far', lambda exc: ('F', 10 ** 6))
codecs.register_error('test.huge', lambda exc: ('H', sys.maxsize + 1))
codecs.register_error('test.list', lambda exc: ['x', exc.end])
codecs.register_error('test.none', lambda exc: ('x', None))
codecs.register_error('test.unenc', lambda exc: ('\udcff', exc.end))

texts = ['abc\udc80def', '\u3042\u00e9\U0001f600x', '\u4e16\u754c\u20ac\uac00z',
         '\uff5e\u2225\u00a5\u203e~\\', '\u00e6\u0300\u00e6']
for enc in CODECS:
    print('==', enc)
    for s in texts:
        for errors in ('strict', 'ignore', 'replace', 'backslashreplace',
                       'xmlcharrefreplace', 'namereplace', 'test.record',
                       'test.bytes', 'test.neg', 'test.far', 'test.huge',
                       'test.list', 'test.none', 'test.unenc'):
            print(' ', errors, show(lambda: s.encode(enc, errors)))
        calls[0] = 0
        print('  back', show(lambda: s.encode(enc, 'test.back')))
    print('  log', log[:6])
    del log[:]
    for data in (b'ab\x80\xff\xfe\x81', b'\xa4', b'\x81\x39\xee', b'ab\x1b$Bxy\x0e',
                 b'\xa4\xa2\xa4', b'~{\x21', b'\x1b$)C\x0e\x21\x21\x0fz', b'a\x8f\xa2'):
        for errors in ('strict', 'ignore', 'replace', 'backslashreplace',
                       'surrogateescape', 'test.record', 'test.neg', 'test.far'):
            print(' ', ascii(data), errors, show(lambda: data.decode(enc, errors)))
        calls[0] = 0
        print('  back', show(lambda: data.decode(enc, 'test.back')))
    print('  log', log[:6])
    del log[:]

# the codec objects themselves
import _codecs_jp, _multibytecodec
c = _codecs_jp.getcodec('shift_jis')
print(type(c).__name__, show(lambda: c.encode('\u3042', None)), show(lambda: c.decode(b'\x82\xa0')))
print(show(lambda: c.encode(12)), show(lambda: c.decode('x')), show(lambda: c.encode('x', 3)))
print(show(lambda: c.decode(bytearray(b'\x82\xa0')), ), show(lambda: c.decode(memoryview(b'ab'))))
print(show(lambda: _codecs_jp.getcodec('nope')), show(lambda: _codecs_jp.getcodec(1)))
print(show(lambda: codecs.decode(b'\x82', 'shift_jis')), show(lambda: 'x'.encode('shift_jis', 'nosuch')))
print(show(lambda: b'\x82\xa0'.decode('shift_jis', 'nosuch')), show(lambda: b'\xff'.decode('shift_jis', 'nosuch')))
print(show(lambda: _multibytecodec.MultibyteStreamReader(None)),
      show(lambda: _multibytecodec.MultibyteIncrementalEncoder()))
print(sorted(n for n in dir(_multibytecodec) if not n.startswith('__')))
