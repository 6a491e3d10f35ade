# An encoding name with a lone surrogate cannot be read as UTF-8: codec
# lookups raise UnicodeEncodeError before the search functions normalise
# it (which would have found utf-8 in 'utf-8\udce2'); email relies on it.
import codecs
names = ['utf-8xyz', 'utf-8\udce2', 'latin-1\udce2', 'ascii\udce2', 'utf-8\xe9', 'UTF 8', 'U8', 'utf_8_']
for n in names:
    for what, f in [('decode', lambda: b'ab'.decode(n)), ('encode', lambda: 'ab'.encode(n)),
                    ('lookup', lambda: codecs.lookup(n).name), ('codecs.decode', lambda: codecs.decode(b'ab', n))]:
        try: print(repr(n), what, f())
        except Exception as e: print(repr(n), what, type(e).__name__, e)
from email._encoded_words import decode
s, charset, lang, defects = decode('=?utf-8\udce2\udc80\udc9d?q?foo=ACbar?=')
print(ascii(s), ascii(charset), [type(d).__name__ for d in defects])
