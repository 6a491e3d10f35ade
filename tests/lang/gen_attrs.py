def gen():
    yield 1
g = gen()
print(g.gi_yieldfrom, g.gi_code.co_name, g.gi_running)
def outer():
    yield from gen()
o = outer()
next(o)
print(type(o.gi_yieldfrom).__name__)
g.__name__ = 'renamed'
g.__qualname__ = 'q.renamed'
print(g.__name__, g.__qualname__)
ge = (x for x in [])
print(ge.__name__, ge.__qualname__)
try:
    g.__name__ = 5
except TypeError as e:
    print(e)
