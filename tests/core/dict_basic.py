# dict literals, access, in, del, len, equality, repr.
d = {'a': 1, 'b': 2, 'c': 3}
print(d, len(d), d['a'], 'b' in d, 'z' in d, 'z' not in d)
d['d'] = 4
d['a'] = 100
print(d)
del d['b']
print(d, len(d))
print({}, dict(), {1: 'int', 'str': 2, (1, 2): 'tuple', 2.5: 'float', None: 'none', True: 'bool'})
print({'x': 1, 'y': 2} == {'y': 2, 'x': 1}, {'x': 1} == {'x': 1.0}, {'x': 1} != {'x': 2})
print(dict(a=1, b=2), dict([('k', 'v'), ('k2', 'v2')]), dict({'m': 1}, n=2))
print(dict(zip(['one', 'two', 'three'], [1, 2, 3])), dict(zip('ab', range(2))))
print({1: 'a', 1.0: 'b'}, {'dup': 1, 'dup': 2})
print(repr({'q': "it's", 'n': None}), str({1: [1, 2], 2: {'in': 'ner'}}))
nested = {'outer': {'inner': {'deep': 42}}, 'list': [1, {'x': 2}]}
print(nested['outer']['inner']['deep'], nested['list'][1]['x'])
nested['outer']['inner']['new'] = 'added'
print(nested)
print(bool({}), bool({0: 0}), list(d), len({}))
e = d
e['shared'] = True
print(d is e, 'shared' in d)
squares = {}
for i in range(6):
    squares[i] = i * i
print(squares, squares[5])
