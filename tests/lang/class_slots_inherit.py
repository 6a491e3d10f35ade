class A:
    __slots__ = ('a',)
class B(A):
    __slots__ = ('b',)
b = B()
b.a = 1
b.b = 2
print(b.a, b.b, hasattr(b, '__dict__'))
try:
    b.c = 3
except AttributeError as e:
    print(type(e).__name__)
class WithDict:
    __slots__ = ('x', '__dict__')
w = WithDict()
w.x = 1
w.y = 2
print(w.x, w.y, w.__dict__)
class Empty:
    __slots__ = ()
try:
    Empty().z = 1
except AttributeError as e:
    print(type(e).__name__)
class S:
    __slots__ = 'single'
s = S()
s.single = 'ok'
print(s.single)
class WithDefault:
    __slots__ = ('v',)
    def __init__(self, v=0):
        self.v = v
print([WithDefault(i).v for i in range(3)])
