# Random byte strings decoded and random strings encoded by every CJK
# codec, whole and in random chunks, with several error handlers: digests
# of the results compared with CPython's.
import codecs
import hashlib
import random

CODECS = ['shift_jis', 'cp932', 'euc_jp', 'shift_jis_2004', 'shift_jisx0213',
          'euc_jis_2004', 'euc_jisx0213', 'gb2312', 'gbk', 'gb18030', 'hz',
          'euc_kr', 'cp949', 'johab', 'big5', 'cp950', 'big5hkscs',
          'iso2022_kr', 'iso2022_jp', 'iso2022_jp_1', 'iso2022_jp_2',
          'iso2022_jp_2004', 'iso2022_jp_3', 'iso2022_jp_ext']

def rec(exc):
    return ('<%d-%d>' % (exc.start, exc.end), exc.end)
codecs.register_error('test.fuzz', rec)

rng = random.Random(1234)
# bytes drawn mostly from the codecs' interesting ranges
ALPH = bytes(range(0x80, 0x100)) * 3 + b'\x1b$()B@JIADOPQCN.~{}\x0e\x0f\n' * 4 + bytes(range(0x21, 0x7f))

def rbytes(n):
    return bytes(rng.choice(ALPH) for _ in range(n))

def rtext(enc, n):
    # characters the codec knows, with some it does not
    out = []
    for _ in range(n):
        r = rng.random()
        if r < 0.15:
            out.append(chr(rng.randrange(0x20, 0x7f)))
        elif r < 0.2:
            out.append(chr(rng.randrange(0x80, 0x30000)))
        else:
            b = rbytes(4)
            out.append(b.decode(enc, 'ignore')[:1] or 'x')
    return ''.join(out)

def run(f, *args):
    try:
        return repr(f(*args))
    except (UnicodeError, TypeError, RuntimeError) as e:
        return '%s %s' % (type(e).__name__, e)

for enc in CODECS:
    h = hashlib.md5()
    for i in range(150):
        data = rbytes(rng.randrange(1, 24))
        for errors in ('strict', 'replace', 'ignore', 'backslashreplace', 'test.fuzz'):
            h.update(run(data.decode, enc, errors).encode())
        d = codecs.getincrementaldecoder(enc)('test.fuzz')
        pos, parts = 0, []
        while pos < len(data):
            k = rng.randrange(1, 5)
            parts.append(run(d.decode, data[pos:pos + k]))
            pos += k
        parts.append(run(d.decode, b'', True))
        h.update(''.join(parts).encode())
    for i in range(100):
        text = rtext(enc, rng.randrange(1, 12))
        for errors in ('strict', 'replace', 'ignore', 'xmlcharrefreplace', 'test.fuzz'):
            h.update(run(text.encode, enc, errors).encode())
        e = codecs.getincrementalencoder(enc)('backslashreplace')
        pos, parts = 0, []
        while pos < len(text):
            k = rng.randrange(1, 4)
            parts.append(run(e.encode, text[pos:pos + k]))
            pos += k
        parts.append(run(e.encode, '', True))
        h.update(''.join(parts).encode())
        b = text.encode(enc, 'ignore')
        h.update(run(b.decode, enc).encode())
    print(enc, h.hexdigest())
