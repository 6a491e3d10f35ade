# codecs.escape_decode and unicode_escape_decode warn (DeprecationWarning)
# about the first invalid escape: a backslash before a character starting
# no escape, or an octal escape above 0o377.
import codecs, warnings

cases = [rb'\z', rb'ok\q\w', rb'\8', rb'\9', b'\\\xfa', rb'\400', rb'\777x\z', rb'\377', rb'\n\t\x41',
         rb'\N', rb'\Z\400', rb'plain', rb'\u20ac\k']
for fn in (codecs.escape_decode, codecs.unicode_escape_decode):
    for data in cases:
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            try:
                r = fn(data)
            except UnicodeDecodeError as e:
                r = 'UnicodeDecodeError: %s' % e
            except ValueError as e:
                r = 'ValueError: %s' % e
        print(fn.__name__, data, repr(r), [(x.category.__name__, str(x.message)) for x in w])
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    print(repr(b'a\\d'.decode('unicode_escape')), [str(x.message) for x in w])
with warnings.catch_warnings():
    warnings.simplefilter('error')
    try:
        codecs.escape_decode(rb'\z')
    except DeprecationWarning as e:
        print('raised', e)
