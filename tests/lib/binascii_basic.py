# binascii: every function's results and errors (cases from CPython's test_binascii)
import binascii
def t(f, *a, **k):
    try: print(f.__name__, a, k, repr(f(*a, **k)))
    except Exception as e: print(f.__name__, a, type(e).__name__, e)
for s in [b'', b'YQ==', b'YQ', b'YQ=', b'YWJj', b'YWJjZA==', b'Y', b'YWJjZ', b'=YQ==', b'YQ==YQ==', b'Y Q = =', b'YQ=\n=', b'Y!Q==', b'YQ===', b'YQ==x', b'YW=Jj', b'YWJj=', b'YWJj==', b'YWJjZ===', 'YWJj', 'YWé', b'\xffYWJj', b'YQ=a=', b'YWI=', b'YWI=\n', b'==', b'=']:
    t(binascii.a2b_base64, s)
    t(binascii.a2b_base64, s, strict_mode=True)
t(binascii.a2b_base64, 5)
t(binascii.a2b_base64, bytearray(b'YQ=='))
t(binascii.a2b_base64, b'YQ==', True)
for d in [b'', b'a', b'ab', b'abc', b'abcd', bytes(range(256))[:60]]:
    t(binascii.b2a_base64, d); t(binascii.b2a_base64, d, newline=False)
t(binascii.b2a_base64, 'abc')
t(binascii.b2a_base64, b'a', False)
for d in [b'', b'\x01\xab\xff', bytearray(b'abcdefgh')]:
    t(binascii.hexlify, d); t(binascii.b2a_hex, d)
    for sep in ['-', b':', '', 'ab', 'é', 5]:
        for bps in [1, 2, -2, 3, 0, -1, 100]:
            t(binascii.hexlify, d, sep, bps)
t(binascii.hexlify, b'abc', bytes_per_sep=2)
t(binascii.hexlify, b'abcde', sep='.', bytes_per_sep=2)
t(binascii.hexlify, 'abc')
for s in ['', 'ab', 'ABcd', 'abc', 'zz', b'0102', bytearray(b'ff'), 'é', 5, 'a b']:
    t(binascii.unhexlify, s); t(binascii.a2b_hex, s)
for d in [b'', b'a', b'hello world', bytes(range(256))]:
    t(binascii.crc32, d); t(binascii.crc32, d, 12345); t(binascii.crc32, d, -1); t(binascii.crc32, d, 2**40+5)
    t(binascii.crc_hqx, d, 0); t(binascii.crc_hqx, d, 0xffff);t(binascii.crc_hqx, d, -1); t(binascii.crc_hqx, d, 2**40+7)
t(binascii.crc32, 'abc')
t(binascii.crc32)
t(binascii.crc_hqx, b'')
t(binascii.crc32, b'', 1.0)
t(binascii.crc32, b'', 2**70)
t(binascii.crc_hqx, b'', 2**70)
for d in [b'', b'a', b'abc', b'x'*45, b'x'*46, bytes(range(40))]:
    t(binascii.b2a_uu, d); t(binascii.b2a_uu, d, backtick=True)
for s in [b'', b' ', b'!80``\n', b'#86)C\n', b'#86)C', b'#86', b'#86)C   \n', b'#86)Cx', b'$86)C', b'\x7f', b'#8~)C', 'ab', b'````', b'\n', b'!`', b'!\x20']:
    t(binascii.a2b_uu, s)
print(binascii.Error.__mro__, binascii.Incomplete.__mro__, binascii.Error.__module__)
t(binascii.b2a_uu, b'a', True)
