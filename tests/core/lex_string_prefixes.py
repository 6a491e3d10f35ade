# String prefixes: r, R, b, B, rb, bR, f, F, rf, u, U.
print(r'raw\n', R"raw\t", len(r'\n'))
print(u'unicode', U"UNI")
print(b'bytes', B"BYTES", rb'\x00', Rb'\n', bR'\t', BR'q', br'z')
print(r'\'', r"\"", len(r'\''))
x = 5
print(f'{x}', F'{x}', rf'\n{x}', fR'{x}\t', Rf'{x}', FR'{x}')
print(repr(r'C:\path\to\file'))
print(r'\\', len(r'\\'))
print(type(b'').__name__, type(r'').__name__, type(f'').__name__)
print(r'a\
b')
