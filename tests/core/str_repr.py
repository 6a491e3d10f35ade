# str() and repr() of strings with quotes, escapes and non-ASCII text.
cases = ['plain', "it's", 'a"b', 'both \' and "', '\n\t\x00\u1234', 'back\\slash',
         '', ' ', '\r\x7f\x80\xff', 'héllo', '日本語', '\U0001F600', '\x1b[0m', '\u200b',
         'tab\there', "'", '"', '\'"', 'a\u0300', '\ud800']
for s in cases:
    print(repr(s), str(s) == s, len(repr(s)))
print(repr('it\'s'), repr('a"b'), repr('\n\t\x00\u1234'))
print(str('x'), str(1), str(1.5), str(None), str(True), str([1, 'a']), str((1,)), str({'a': 'b'}))
print(repr(1), repr(1.5), repr(None), repr(True), repr([1, 'a']), repr(('x',)), repr({'a': "b'c"}))
print(['it\'s', 'a"b', '\n'], ('\t',), {'\x00': '\\'})
print(ascii('héllo'), ascii('日本'), ascii('\U0001F600'), ascii([1, 'é']))
