# {**x} needs a mapping; f(**a, **b) reports a key given twice, even by one
# mapping's keys(), with the key's str().
from collections.abc import Mapping

for x in ([], (), [(1, 2)], "ab", 5, {1: 2}):
    try:
        print({**x})
    except TypeError as e:
        print("TypeError:", e)

class MultiDict(Mapping):
    def __init__(self, items):
        self._items = items
    def __iter__(self):
        return (k for k, v in self._items)
    def __getitem__(self, key):
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)
    def __len__(self):
        return len(self._items)
    def keys(self):
        return [k for k, v in self._items]

def g(x=None, *a, **k):
    return x, a, k

def f(*a, **k):
    return a, k

calls = [
    lambda: g(**MultiDict([('x', 1), ('x', 2)])),
    lambda: g(a=3, **MultiDict([('x', 1), ('x', 2)])),
    lambda: g(**MultiDict([('a', 3)]), **MultiDict([('x', 1), ('x', 2)])),
    lambda: g(**MultiDict([('a', 3)]), **MultiDict([('x', 1)])),
    lambda: f(**{1: 3}, **{1: 5}),
    lambda: f(**{1: 3}),
    lambda: f(**{'a': 3}, **{'a': 5}),
    lambda: f(a=1, **{'a': 5}),
    lambda: f(**{'a': 1}, **{'b': 2}, c=3),
    lambda: f(**[]),
]
for c in calls:
    try:
        print(c())
    except TypeError as e:
        print("TypeError:", str(e).split('.')[-1])

for n in (255, 256, 257):
    s = ", ".join("a%d" % i for i in range(n)) + ", *rest = range(%d)" % (n + 1)
    try:
        compile(s, 'test', 'exec')
        print(n, "compiled")
    except SyntaxError as e:
        print(n, "SyntaxError:", e.msg)
ns = {}
exec(", ".join("a%d" % i for i in range(255)) + ", *rest, z = range(300)", ns)
print(ns['a254'], ns['rest'], ns['z'])
