t = str.maketrans('abc', 'xyz')
print('aabbcc-abc'.translate(t))
print(sorted(t.items()))
t2 = str.maketrans({'a': '1', 'b': None, 'c': 'CC'})
print('abcabc'.translate(t2))
t3 = str.maketrans('ab', 'AB', 'xyz')
print('axbyczab'.translate(t3))
print('hello'.translate({ord('l'): 'L', ord('o'): None}))
print('hello'.translate({104: 72}))
rot13 = str.maketrans('abcdefghijklmnopqrstuvwxyz', 'nopqrstuvwxyzabcdefghijklm')
print('hello world'.translate(rot13), 'hello world'.translate(rot13).translate(rot13))
try:
    str.maketrans('ab', 'x')
except ValueError as e:
    print(e)
try:
    str.maketrans({'ab': 1})
except ValueError as e:
    print(e)
try:
    'a'.translate({97: 5.5})
except TypeError as e:
    print(e)
print(b'abc'.translate(bytes.maketrans(b'abc', b'ABC')))
print('unchanged'.translate({}))
