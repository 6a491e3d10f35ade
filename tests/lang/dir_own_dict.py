# dir() lists an object's own __dict__ also for builtin types that keep one
# outside the instance layout (a function's attributes, a partial's), as
# object.__dir__ reads obj.__dict__.
import functools

def f(a, b):
    pass
f.f = f
f.tag = 'x'
d = dir(f)
print('f' in d, 'tag' in d, '__call__' in d, d == sorted(d))

p = functools.partial(f, 1)
p.extra = 2
print('extra' in dir(p))

class Plain:
    __slots__ = ()
print([n for n in dir(Plain()) if not n.startswith('__')])

class WithDict:
    def __init__(self):
        self.a = 1
print([n for n in dir(WithDict()) if not n.startswith('__')])
print([n for n in dir(42) if not n.startswith('__')][:4])
