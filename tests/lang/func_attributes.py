def f(a, b=2, *args, c, d=4, **kw):
    """Docstring of f."""
    return a
print(f.__name__, f.__qualname__, f.__doc__)
print(f.__defaults__, f.__kwdefaults__)
print(f.__module__)
f.custom = 'value'
f.counter = 0
f.counter += 1
print(f.custom, f.counter)
print(sorted(k for k in f.__dict__))
def nodoc(): pass
print(nodoc.__doc__, nodoc.__defaults__, nodoc.__kwdefaults__)
class C:
    def m(self):
        "method doc"
        def inner(): pass
        return inner
    class D:
        def n(self): pass
print(C.m.__qualname__, C().m().__qualname__, C.D.n.__qualname__, C.D.__qualname__)
print(C.m.__doc__)
f.__name__ = 'renamed'
print(f.__name__, f.__qualname__)
try:
    f.__name__ = 5
except TypeError as e:
    print(e)
print(f.__code__.co_name, f.__code__.co_argcount, f.__code__.co_varnames[:4])
try:
    nodoc.missing
except AttributeError as e:
    print(e)
