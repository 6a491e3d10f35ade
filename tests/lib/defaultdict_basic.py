from collections import defaultdict

d = defaultdict(list)
for k, v in [('a', 1), ('b', 2), ('a', 3), ('c', 4), ('b', 5)]:
    d[k].append(v)
print(d)
print(d['a'], d['zz'], len(d), 'zz' in d, 'yy' in d, d.get('yy'), d.get('a'))
print(sorted(d.items()), list(d.keys()), dict(d))
counts = defaultdict(int)
for ch in 'mississippi':
    counts[ch] += 1
print(counts, counts.default_factory)
nested = defaultdict(lambda: defaultdict(int))
nested['x']['y'] += 2
nested['x']['z'] += 1
print({k: dict(v) for k, v in nested.items()})
s = defaultdict(set)
s[1].add('a'); s[1].add('b'); s[2].add('c')
print(sorted((k, sorted(v)) for k, v in s.items()))
print(defaultdict(), defaultdict(None, {1: 2}), defaultdict(int, a=1), defaultdict(list, [(1, [2])]))
print(defaultdict(str)[3] == '', defaultdict(float)[0], defaultdict(tuple)['t'], defaultdict(dict)[0])
d = defaultdict(int, {'x': 1})
print(isinstance(d, dict), type(d).__name__, defaultdict.__module__, defaultdict, d == {'x': 1})
d.default_factory = list
print(d['new'], d)
d.default_factory = None
try:
    d['missing']
except KeyError as e:
    print('KeyError', e)
print(d.setdefault('q', 5), d.pop('q'), d.pop('nope', 'dflt'))
