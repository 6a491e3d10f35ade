class DefaultDict(dict):
    def __init__(self, factory, *a, **k):
        super().__init__(*a, **k)
        self.factory = factory
    def __missing__(self, key):
        v = self[key] = self.factory()
        return v
d = DefaultDict(list)
d['a'].append(1)
d['a'].append(2)
d['b'].append(3)
print(d, len(d), type(d).__name__)
print(d.get('zz'), 'zz' in d)
class AttrDict(dict):
    def __getattr__(self, k):
        try:
            return self[k]
        except KeyError:
            raise AttributeError(k)
    def __setattr__(self, k, v):
        self[k] = v
a = AttrDict(x=1)
a.y = 2
print(a.x, a.y, a, isinstance(a, dict))
class Lower(dict):
    def __setitem__(self, k, v):
        super().__setitem__(k.lower(), v)
lw = Lower()
lw['ABC'] = 1
print(lw, dict(lw))
class Counter(dict):
    def __missing__(self, k): return 0
c = Counter()
for ch in 'abracadabra':
    c[ch] += 1
print(sorted(c.items()))
print(Counter(a=1) == {'a': 1})
