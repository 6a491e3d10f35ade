# Strings as dict keys and set members (hash consistency, never printed).
d = {}
words = 'the quick brown fox jumps over the lazy dog the end'.split()
for w in words:
    if w in d:
        d[w] += 1
    else:
        d[w] = 1
print(d)
print(d['the'], 'fox' in d, 'cat' in d)
key = 'th' + 'e'
print(d[key], hash(key) == hash('the'), hash('abc') == hash('ab' + 'c'))
s = set(words)
print(len(s), sorted(s))
print('dog' in s, 'cat' in s)
k2 = ''.join(['q', 'u', 'i', 'c', 'k'])
print(k2 in s, d[k2])
s.add('new')
s.discard('the')
print(sorted(s))
nested = {('a', 'b'): 1, 'ab': 2, 'a' + 'b': 3}
print(nested, len(nested))
