class Meta(type):
    pass
class A(metaclass=Meta):
    pass
A.x = 1
print(A.x, 'x' in A.__dict__)
def setit(c, v):
    c.y = v
for i in range(3):
    setit(A, i)
print(A.y, A.__dict__['y'])
class B(A): pass
print(B.x, B.y)
del A.x
print(hasattr(A, 'x'), hasattr(B, 'x'))
A.meth = lambda self: 'm'
print(B().meth())
print(vars(A)['y'], type(vars(A)).__name__)
class Registry(type):
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        cls.registered = name
    def __getattr__(cls, name):
        return 'meta-getattr ' + name
class R(metaclass=Registry):
    pass
print(R.registered, R.__dict__['registered'], R.missing, type(R).__name__)
