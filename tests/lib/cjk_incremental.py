# Incremental decoding of every CJK codec across every chunk boundary,
# incremental encoding (pairs waiting for their second character, ISO-2022
# and HZ state), getstate/setstate, reset, and the stream reader and writer.
import codecs
import io

SAMPLES = {
    'shift_jis': 'abc\u3042\u30a2\uff71\u4e16\u00a5~\\\n\u6f22\u5b57x',
    'cp932': '\u2460\u3231\u3042\u00ac\uff5e\u2225x\n',
    'euc_jp': '\u3042\u4e02\u4e04\uff71\u00a5\u203ex\n\u02d8',
    'shift_jis_2004': '\u3042\u304b\u309a\u00e6\u0300\u00e6\u02e9\u02e5\u02e5\u02e9z',
    'shift_jisx0213': '\u3042\u304b\u309a\u00e6\u0300x\u00e6',
    'euc_jis_2004': '\u3042\U00020089\u304b\u309a\u00e6\u0300\u00e6\u4ff1z',
    'euc_jisx0213': '\u3042\U00020089\u304b\u309a\u00e6\u0300\u00e6z',
    'gb2312': '\u4e2d\u6587abc\u3000\n',
    'gbk': '\u4e2d\u6587\u4e02\u20acabc\n',
    'gb18030': '\u4e2d\u20ac\u00ac\U00012345\uac00x\u0080\ue5e5\n',
    'hz': '\u4e2d\u6587~abc\u4e2d\n~',
    'euc_kr': '\ud55c\uad6d\uc5b4\ud4db\uac02 abc\n',
    'cp949': '\ud55c\uad6d\uc5b4\ud4db\uac02 abc\n',
    'johab': '\ud55c\uad6d\u3131\u4e00abc\n',
    'big5': '\u4e2d\u6587\u3000abc\n',
    'cp950': '\u4e2d\u6587\u20ac\u2550abc\n',
    'big5hkscs': '\u4e2d\u00ca\u0304\u00ca\u00ea\u030c\U00020021x\n',
    'iso2022_kr': '\ud55c\uad6d abc\n\uc5b4\n',
    'iso2022_jp': '\u3042abc\u00a5\u4e16\n\u3042',
    'iso2022_jp_1': '\u3042\u4e02abc\u00a5\n',
    'iso2022_jp_2': '\u3042\u4e2d\ud55cabc\u00a5\u00e9\n',
    'iso2022_jp_2004': '\u3042\u4ff1\U00020089\u304b\u309a\u00e6x\n',
    'iso2022_jp_3': '\u3042\U00020089\u304b\u309a\u00e6x\n',
    'iso2022_jp_ext': '\u3042\uff71\u00a5x\n',
}

def dec_chunks(enc, data, size, final_errors='strict'):
    d = codecs.getincrementaldecoder(enc)(final_errors)
    out = []
    for i in range(0, len(data), size):
        out.append(d.decode(data[i:i + size]))
    try:
        out.append(d.decode(b'', True))
    except UnicodeDecodeError as e:
        out.append('<%s %d %d>' % (e.reason, e.start, e.end))
    return ''.join(out)

def enc_chunks(enc, text, size):
    e = codecs.getincrementalencoder(enc)()
    out = [e.encode(text[i:i + size]) for i in range(0, len(text), size)]
    out.append(e.encode('', True))
    return b''.join(out)

for enc, text in SAMPLES.items():
    data = text.encode(enc, 'ignore')
    print(enc, data, ascii(text))
    text = data.decode(enc)
    for size in range(1, 9):
        r = dec_chunks(enc, data, size)
        if r != text:
            print('  decode chunks', size, ascii(r))
        b = enc_chunks(enc, text, size)
        if b != data:
            print('  encode chunks', size, b)
    # truncated input: the incomplete tail reported at the end
    for cut in range(1, 4):
        print('  cut', cut, ascii(dec_chunks(enc, data[:-cut], 3)),
              ascii(dec_chunks(enc, data[:-cut], 2, 'replace')))
    # pending bytes and state
    d = codecs.getincrementaldecoder(enc)()
    for b in data[:5]:
        d.decode(bytes((b,)))
        print('  state', d.getstate(), end='')
    print()
    st = d.getstate()
    rest1 = d.decode(data[5:], True)
    d.setstate(st)
    print('  setstate', rest1 == d.decode(data[5:], True))
    e = codecs.getincrementalencoder(enc)()
    states = []
    for ch in text[:6]:
        e.encode(ch)
        states.append(e.getstate())
    print('  enc states', states)
    e.setstate(states[2])
    print('  after setstate', e.encode(text[3:], True))
    e.reset()
    print('  after reset', e.encode(text[:4]), e.getstate())
    # the stream reader and writer
    for size in (None, 1, 2, 3, 5):
        r = codecs.getreader(enc)(io.BytesIO(data))
        got = r.read() if size is None else ''.join(iter(lambda: r.read(size), ''))
        if got != text:
            print('  reader', size, ascii(got))
    r = codecs.getreader(enc)(io.BytesIO(data))
    print('  lines', ascii(r.readlines()))
    r = codecs.getreader(enc)(io.BytesIO(data))
    print('  readline', ascii(r.readline()), ascii(r.readline(2)))
    buf = io.BytesIO()
    w = codecs.getwriter(enc)(buf)
    for ch in text:
        w.write(ch)
    w.reset()
    w.writelines(['a', text[:3]])
    w.reset()
    print('  writer', buf.getvalue())

# the incremental objects' attributes and argument errors
e = codecs.getincrementalencoder('iso2022_jp')('ignore')
print(e.errors, e.encode('\u3042'), e.getstate())
e.errors = 'replace'
print(e.errors, e.encode('\U0001f600'))
for bad in (None, 3):
    try:
        e.errors = bad
    except TypeError as x:
        print('TypeError', x)
try:
    del e.errors
except AttributeError as x:
    print('AttributeError', x)
for st in (-1, 1 << 200, 9):
    try:
        codecs.getincrementalencoder('euc_jp')().setstate(st)
    except (OverflowError, UnicodeError) as x:
        print(type(x).__name__, x)
d = codecs.getincrementaldecoder('euc_jp')()
for st in ((b'abc', 123456789), (b'123456789', 0), (b'', -1), [b'', 0], (b'', 'x'), (b'',)):
    try:
        d.setstate(st)
        print(d.getstate())
    except (TypeError, OverflowError, UnicodeError) as x:
        print(type(x).__name__, x)
d = codecs.getincrementaldecoder('iso2022_jp')()
print(ascii(d.decode(b'\x1b$B$"')), d.getstate(), ascii(d.decode(b'$', True) if False else ''))
d.reset()
print(d.getstate(), ascii(d.decode(b'$"')))
w = codecs.getwriter('euc_jis_2004')(io.BytesIO())
w.write('\u00e6')
print(w.stream.getvalue())
w.reset()
print(w.stream.getvalue())
