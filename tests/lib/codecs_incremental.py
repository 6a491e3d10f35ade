# incremental codecs fed byte by byte, BOMs, StreamReader/Writer,
# codecs.open, iterdecode/iterencode
import codecs


class BytesIO:
    """the part of io.BytesIO the stream codecs use"""

    def __init__(self, data=b''):
        self.data = bytearray(data)
        self.pos = 0

    def read(self, size=-1):
        end = len(self.data) if size is None or size < 0 else min(len(self.data), self.pos + size)
        r = bytes(self.data[self.pos:end])
        self.pos = end
        return r

    def readline(self, size=-1):
        i = self.data.find(b'\n', self.pos)
        end = len(self.data) if i < 0 else i + 1
        if size is not None and size >= 0:
            end = min(end, self.pos + size)
        return self.read(end - self.pos)

    def write(self, b):
        self.data[self.pos:self.pos + len(b)] = b
        self.pos += len(b)
        return len(b)

    def seek(self, pos, whence=0):
        self.pos = pos
        return pos

    def getvalue(self):
        return bytes(self.data)


class io:
    BytesIO = BytesIO

text = 'aé€\U0001f600z\n+-~\\ x\u1234y\r\nend'
for enc in ['utf-8', 'utf-8-sig', 'utf-16', 'utf-16-le', 'utf-16-be', 'utf-32', 'utf-32-le', 'utf-32-be', 'utf-7',
            'latin-1', 'cp1252', 'unicode_escape', 'raw_unicode_escape', 'ascii']:
    try:
        data = text.encode(enc)
    except UnicodeEncodeError:
        data = text.encode(enc, 'backslashreplace')
    d = codecs.getincrementaldecoder(enc)()
    parts = [d.decode(data[i:i + 1]) for i in range(len(data))]
    parts.append(d.decode(b'', final=True))
    print(enc, data[:12], ascii(''.join(parts)), ''.join(parts) == data.decode(enc), len(parts))
    e = codecs.getincrementalencoder(enc)('backslashreplace')
    out = b''.join(e.encode(c) for c in text) + e.encode('', final=True)
    print('   ', out == data, ascii(out[:16]))
    # reset and state
    d.reset()
    print('   ', ascii(d.decode(data[:3])), d.getstate()[1] if enc.startswith('utf-16') or enc.startswith('utf-32') else '')

# utf-8 incremental keeps partial sequences
d = codecs.getincrementaldecoder('utf-8')()
print(repr(d.decode(b'\xe2')), repr(d.decode(b'\x82')), repr(d.decode(b'\xac!')), d.getstate())
try:
    d.decode(b'\xe2', final=True)
except UnicodeDecodeError as e:
    print('err', e)
d = codecs.getincrementaldecoder('utf-8')('replace')
print(repr(d.decode(b'a\xff\xe2\x82')), repr(d.decode(b'', True)))

# BOMs
for enc in ['utf-16', 'utf-32', 'utf-8-sig']:
    for data in [b'', 'x'.encode(enc), 'x'.encode(enc.replace('-sig', '') + ('-be' if enc != 'utf-8-sig' else '')),
                 b'\xff\xfe' + b'a\x00', b'\xfe\xff\x00a', b'\xef\xbb\xbfa', b'\xff\xfe\x00\x00a\x00\x00\x00']:
        try:
            r = data.decode(enc)
        except UnicodeDecodeError as e:
            r = 'error: %s' % e
        print(enc, data, ascii(r))
print(codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF32_BE, codecs.BOM)
print('x'.encode('utf-8-sig'), 'x'.encode('utf-16'), 'x'.encode('utf-32'))
print(codecs.utf_16_ex_decode(b'\xff\xfe', None, 0, False), codecs.utf_32_ex_decode(b'\xff\xfe\x00', None, 0, False))

# a utf-16 decoder fed one byte at a time finds the BOM
for data in ['\U0001f600ab'.encode('utf-16'), '\U0001f600ab'.encode('utf-16-be'), 'ab'.encode('utf-32'), b'\xfe\xff\x00a']:
    for enc in ['utf-16', 'utf-32']:
        d = codecs.getincrementaldecoder(enc)('replace')
        try:
            out = [d.decode(bytes([b])) for b in data] + [d.decode(b'', True)]
        except UnicodeError as e:
            out = 'error: %s' % e
        print(enc, data, ascii(out))

# StreamReader / StreamWriter
for enc in ['utf-8', 'utf-16', 'latin-1', 'cp1252', 'utf-8-sig']:
    b = io.BytesIO()
    w = codecs.getwriter(enc)(b)
    w.write('héllo\nwörld\n')
    w.writelines(['x€' if enc != 'latin-1' else 'x', '\n'])
    print(enc, b.getvalue())
    b.seek(0)
    r = codecs.getreader(enc)(b)
    print('  ', ascii(r.readline()), ascii(r.read(3)), ascii(r.readlines()))
    b.seek(0)
    print('  ', ascii(codecs.getreader(enc)(b).read()))

# StreamReaderWriter via codecs.open (reading this file), EncodedFile
with codecs.open(__file__, 'r', encoding='utf-8') as f:
    print(ascii(f.readline()), ascii(f.read(10)), len(f.readlines()) > 10)
with codecs.open(__file__, 'rb') as f:
    print(f.read()[:20])
srw = codecs.StreamReaderWriter(io.BytesIO(), codecs.getreader('utf-16-le'), codecs.getwriter('utf-16-le'))
srw.write('ab€')
print(srw.stream.getvalue())
srw.seek(0)
print(ascii(srw.read()))
ef = codecs.EncodedFile(io.BytesIO('é'.encode('latin-1')), 'utf-8', 'latin-1')
print(ef.read())

# iterencode / iterdecode
print(list(codecs.iterdecode([b'\xe2', b'\x82\xac', b'a', b''], 'utf-8')))
print(list(codecs.iterencode(['a', 'é', ''], 'utf-16')))
print(list(codecs.iterdecode(iter([b'\xff', b'\xfe', b'a', b'\x00']), 'utf-16')))

# getencoder / getdecoder / CodecInfo pieces
print(codecs.getencoder('cp1252')('€'), codecs.getdecoder('koi8-r')(b'\xc1'))
ci = codecs.lookup('iso8859-2')
print(ci.name, ci.encode('ł'), ci.decode(b'\xb3'), ci.incrementalencoder().encode('ł'),
      ci.incrementaldecoder().decode(b'\xb3'), ci.streamreader.__name__, ci.streamwriter.__name__)
