class P:
    __slots__ = ('x', 'y')
    def __init__(self, x, y):
        self.x = x
        self.y = y
p = P(1, 2)
print(p.x, p.y, P.__slots__)
p.x = 10
print(p.x)
try:
    p.z = 3
except AttributeError as e:
    print('AttributeError', type(e).__name__)
class Q:
    __slots__ = ['a']
q = Q()
try:
    q.a
except AttributeError as e:
    print(e)
q.a = 5
del q.a
try:
    q.a
except AttributeError as e:
    print(e)
class R(P):
    pass
r = R(1, 2)
r.extra = 'ok'
print(r.extra, r.x)
print(hasattr(p, '__dict__'), hasattr(r, '__dict__'))
