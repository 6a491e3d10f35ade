# strip / lstrip / rstrip with and without chars.
s = '   padded text \t\n'
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
print(repr('xxhixx'.strip('x')), repr('xxhixx'.lstrip('x')), repr('xxhixx'.rstrip('x')))
print(repr('abcHelloCBA'.strip('abc')), repr('abcHelloCBA'.strip('abcABC')))
print(repr('...,;text;,...'.strip('.,;')), repr('www.example.com'.strip('cmowz.')))
print(repr(''.strip()), repr('   '.strip()), repr('x'.strip('')), repr('aaa'.strip('a')))
print(repr('\t\n\r\x0b\x0c text \x0c'.strip()))
print(repr('  a b  '.strip(' ')), repr('12321'.strip('1')), repr('0042'.lstrip('0')))
print(repr('path/to/dir///'.rstrip('/')), repr('hello'.strip(None)))
print(repr('prefix_name'.removeprefix('prefix_')), repr('file.txt'.removesuffix('.txt')), repr('abc'.removeprefix('x')))
