# The count a decoder returns: with final (the default of the escape
# decoders) all of the argument, even when an error handler replaced the
# object being decoded with a shorter or longer one; without final, the
# position reached.
import codecs, warnings
warnings.simplefilter('ignore', DeprecationWarning)

def mutating(exc):
    # the rest after the error, behind a prefix the decoding resumes after
    exc.object = b'xyz' + exc.object[exc.end:]
    return ('<?>', 3)
codecs.register_error('test.mut', mutating)
def shrink(exc):
    exc.object = b'zzzz'
    return ('<!>', 0)
codecs.register_error('test.shrink', shrink)

for fn in [codecs.unicode_escape_decode, codecs.raw_unicode_escape_decode]:
    for data in [br'\x0n\z', br'abc\N{xx}tail', br'\u12345']:
        for h in ['test.mut', 'test.shrink', 'replace']:
            try:
                print(fn.__name__, data, h, fn(data, h))
            except Exception as e:
                print(fn.__name__, data, h, type(e).__name__)
for name in ['utf_8_decode', 'utf_16_le_decode', 'utf_32_le_decode', 'utf_7_decode']:
    fn = getattr(codecs, name)
    for data in [b'ab\xffcd', b'ab\xff\xfe\xfd\x00\x00', b'+AGE-\xff']:
        for final in [False, True]:
            for h in ['replace']:
                try:
                    print(name, data, final, h, fn(data, h, final))
                except Exception as e:
                    print(name, data, final, h, type(e).__name__)
print(codecs.unicode_escape_decode(b'abc\\', 'strict', False))
print(codecs.raw_unicode_escape_decode(b'abc\\u12', 'strict', False))
print(codecs.utf_8_decode(b'ab\xe2\x82', 'strict', False))
print(codecs.utf_8_decode(bytearray(b'ab\xe2\x82'), 'replace', True))
