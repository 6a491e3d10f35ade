from collections import Counter

c = Counter('abracadabra')
print(c, c['a'], c['z'], len(c), sorted(c), c.total())
print(c.most_common(), c.most_common(2), c.most_common(0), c.most_common(-1), c.most_common(100)[:2])
print(sorted(c.elements()), list(Counter(a=2, b=0, c=-1, d=1).elements()))
print(Counter(), Counter([1, 1, 2]), Counter({'x': 3, 'y': 1}), Counter(cats=4, dogs=8))
c.update('aaz'); print(c)
c.update({'z': 10}); print(c)
c.subtract('zzz'); print(c)
c.subtract({'b': 10}); print(c)
c.subtract(r=2); c.update(q=1); print(c)
del c['nope']; del c['q']; print(c)
words = 'the cat and the hat and the bat'.split()
wc = Counter(words)
print(wc, wc.most_common(1), wc['the'], wc.get('dog'), 'cat' in wc)
print(Counter('hello world').most_common(3))
print(Counter(a=1) == Counter(a=1, b=0), Counter('ab') == Counter('ba'), Counter(a=1) == {'a': 1})
print(Counter(a=1) <= Counter(a=2), Counter(a=2) < Counter(a=2), Counter(a=3, b=1) >= Counter(a=1), Counter(a=1) > Counter())
c2 = c.copy(); c2['new'] = 1
print(type(c2).__name__, 'new' in c, c2['new'])
print(Counter({'a': 1.5, 'b': 0.5}), Counter({'a': 'x', 'b': 'y'}))
print(Counter(x=1).keys(), list(Counter(x=1).values()), dict(Counter('aab')))
for bad in [lambda: Counter.fromkeys('ab'), lambda: Counter(1), lambda: Counter('a', 'b'),
            lambda: list(Counter(a=1.5).elements()), lambda: Counter(a=3) + 1, lambda: hash(Counter())]:
    try:
        print(bad())
    except (TypeError, NotImplementedError) as e:
        print(type(e).__name__, e)
class Multiset(Counter):
    def distinct(self):
        return len(self)
m = Multiset('aabbbc')
print(m, m.distinct(), m.most_common(1), type(m + m).__name__)
