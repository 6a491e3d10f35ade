from collections import OrderedDict

a = OrderedDict([('x', 1), ('y', 2)])
b = OrderedDict([('y', 2), ('x', 1)])
d = {'y': 2, 'x': 1}
print(a == b, a != b, a == d, d == a, b == d, a == dict(a), a == OrderedDict(a))
print(a == OrderedDict([('x', 1)]), a != {'x': 1, 'y': 3})
print(a | {'z': 3}, a | b, type(a | d).__name__)
a |= {'w': 0}
print(a)
od = OrderedDict(a=1)
od['self'] = od
print(od)
e = OrderedDict()
print(e == OrderedDict(), e == {}, repr(e))
# order-sensitive equality survives deletion and re-insertion
p = OrderedDict.fromkeys('abc', 0)
q = OrderedDict.fromkeys('abc', 0)
del q['a']; q['a'] = 0
print(p == q, dict(p) == dict(q), list(q))
class Sub(OrderedDict):
    pass
s = Sub(k=1)
print(s, s == OrderedDict(k=1), s.copy(), type(s.copy()).__name__)
print(sorted(OrderedDict(b=1, a=2)), max(OrderedDict(b=1, a=2).items()))
