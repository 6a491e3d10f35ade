class P:
    __slots__ = ('x', 'y')
print(type(P.x).__name__, P.x.__name__, '__dict__' in P.__dict__, 'x' in P.__dict__)
p = P()
P.x.__set__(p, 5)
print(p.x, P.x.__get__(p, P))
try:
    p.other = 1
except AttributeError as e:
    print(e)
class Q:
    pass
print('__dict__' in Q.__dict__, '__weakref__' in Q.__dict__, type(Q.__dict__).__name__)
