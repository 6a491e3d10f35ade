# isdigit, isalpha, isspace, isalnum, isupper, islower, and friends.
samples = ['123', 'abc', 'ABC', 'aBc', 'abc123', '  \t\n', '', '12.5', '-5', 'hello world',
           'Hello', 'HELLO WORLD', 'héllo', '日本', '٣', '½', 'Title Case', 'x1_']
for s in samples:
    print(repr(s), s.isdigit(), s.isalpha(), s.isspace(), s.isalnum(), s.isupper(),
          s.islower(), s.isdecimal(), s.isnumeric(), s.istitle(), s.isidentifier())
print('abc'.isascii(), 'é'.isascii(), 'a b'.isprintable(), 'a\n'.isprintable())
