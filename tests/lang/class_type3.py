def init(self, v):
    self.v = v
Dyn = type('Dyn', (), {'x': 1, '__init__': init, 'double': lambda self: self.v * 2})
d = Dyn(21)
print(Dyn.__name__, d.x, d.double(), type(d).__name__, isinstance(d, Dyn))
Sub = type('Sub', (Dyn,), {'y': 2})
s = Sub(1)
print(s.x, s.y, s.double(), [c.__name__ for c in Sub.__mro__])
print(type(Sub).__name__, type(type).__name__, type(5).__name__)
print(type(d) is Dyn, type(Dyn) is type)
try:
    type('Bad', 5, {})
except TypeError as e:
    print(e)
try:
    type('a', 'b')
except TypeError as e:
    print(e)
E = type('E', (Exception,), {})
try:
    raise E('dynamic')
except E as e:
    print(type(e).__name__, e)
print(Dyn.__qualname__, Dyn.__module__)
