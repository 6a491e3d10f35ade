from collections import defaultdict

d = defaultdict(int, {'a': 1})
c = d.copy()
c['b'] += 5
print(d, c, type(c).__name__, c.default_factory)
print(d.__copy__())
print(d | {'z': 9}, type(d | {'z': 9}).__name__)
d |= {'w': 2}
print(d)
print(d.__missing__('auto'), d)
d = defaultdict(int)
d['self'] = d
print(d)

class Fact:
    def __call__(self):
        return 'made'
    def __repr__(self):
        return 'Fact()'
print(defaultdict(Fact()), defaultdict(Fact())['k'])

class Tree(defaultdict):
    def __init__(self):
        super().__init__(Tree)
    def __repr__(self):
        return 'Tree(%s)' % dict.__repr__(self)
t = Tree()
t['a']['b']['c']
t['a']['d']
print(t, type(t['a']).__name__)

class Miss(defaultdict):
    def __missing__(self, key):
        return key * 2
m = Miss(int)
print(m[21], m, len(m))

class Logged(defaultdict):
    pass
lg = Logged(list, x=[1])
lg['y'].append(2)
print(lg, type(lg.copy()).__name__)

for bad in [lambda: defaultdict(1), lambda: defaultdict('abc'), lambda: defaultdict(list, 1),
            lambda: defaultdict(list, [1]), lambda: hash(defaultdict()),
            lambda: defaultdict(int).__missing__()]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
# grouping and inverting
words = ['apple', 'avocado', 'banana', 'blueberry', 'cherry', 'apricot']
by_letter = defaultdict(list)
for w in words:
    by_letter[w[0]].append(w)
print(sorted(by_letter.items()))
graph = defaultdict(set)
for a, b in [(1, 2), (2, 3), (1, 3), (3, 4)]:
    graph[a].add(b)
    graph[b].add(a)
print({k: sorted(v) for k, v in sorted(graph.items())})
