# get, setdefault, pop, popitem, update, keys, values, items, copy, clear, fromkeys.
d = {'a': 1, 'b': 2}
print(d.get('a'), d.get('z'), d.get('z', 0), d.get('a', 0))
print(d.setdefault('a', 99), d.setdefault('c', 3), d.setdefault('e'), d)
print(d.pop('e'), d.pop('zz', 'default'), d)
d.update({'d': 4, 'a': 10})
d.update([('f', 6)], g=7)
d.update(h=8)
print(d)
print(d.keys(), d.values(), d.items())
print(list(d.keys()), list(d.values()), list(d.items()))
print('a' in d.keys(), 10 in d.values(), ('a', 10) in d.items())
print(d.popitem(), d.popitem(), d)
c = d.copy()
c['new'] = 1
print(len(d), len(c), 'new' in d)
c.clear()
print(c, d)
print(dict.fromkeys(['x', 'y']), dict.fromkeys('ab', 0), dict.fromkeys(range(3), []))
groups = {}
for word in ['apple', 'avocado', 'banana', 'blueberry', 'cherry']:
    groups.setdefault(word[0], []).append(word)
print(groups)
counts = {}
for ch in 'mississippi':
    counts[ch] = counts.get(ch, 0) + 1
print(counts)
keys = d.keys()
d['late'] = 1
print(keys, len(keys))
vals = list(d.values())
print(sum(vals), max(d), min(d), sorted(d, reverse=True))
print(d | {'z': 26}, {'a': 1} | {'a': 2})
m = {'a': 1}
m |= {'b': 2}
print(m)
