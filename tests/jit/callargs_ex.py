# f(*args) and f(*args, **kwargs) (CALL_FUNCTION_EX) in hot loops: the
# JIT unpacks an exact tuple or list and an exact dict of str keys and
# inlines a Python callee; other callables are called. Sizes, key sets
# and types change mid-loop so that the guards on them fail; errors
# (missing or duplicate arguments, non-str keys, non-mappings) must be
# CPython's. Compared with CPython's output in the three JIT modes.
import zlib

def show(name, results):
    print(name, len(results), zlib.crc32(repr(results).encode()), results[-6:])

def add3(a, b, c=10):
    return a + b + c

def collect(*a, **k):
    return a, list(k.items())

def deco(f):
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs)
    return wrapper

wadd3 = deco(add3)
wcollect = deco(collect)

class C:
    def __init__(self, x, y=1):
        self.x = x
        self.y = y
    def m(self, a, b=0):
        return self.x + a + b
    def __repr__(self):
        return 'C(%r, %r)' % (self.x, self.y)

class D(dict):
    pass

def err(f, *a, **k):
    try:
        return f(*a, **k)
    except Exception as e:
        return '%s: %s' % (type(e).__name__, e)

def tuples(n):
    out = []
    for i in range(n):
        t = (i, 1, 2) if i < n - 5 else (i, 1)
        out.append(add3(*t))
        out.append(add3(*t[:2], c=i))
        out.append(wadd3(i, 2))
        out.append(wadd3(i, b=3, c=4))
        out.append(wadd3(*t))
        lst = [i, i + 1] if i % 50 else [i]
        out.append(err(add3, *lst))
    return out

def kwargs(n):
    out = []
    for i in range(n):
        kw = {'b': i, 'c': 2} if i < n - 7 else {'c': 2, 'b': i}
        out.append(add3(1, **kw))
        out.append(wcollect(i, x=1, y=2))
        out.append(collect(*(i,), **{'z': 1, 'a': 2}))
        if i % 100 == 99:
            kw['extra'] = 1
        out.append(err(add3, 1, **kw))
        out.append(err(lambda: add3(1, b=2, **{'b': 3})))
        out.append(err(lambda: add3(**{1: 2})))
        out.append(err(add3, 1, 2, **D(c=i)))
    return out

def methods_and_builtins(n):
    out = []
    c = C(5)
    for i in range(n):
        t = (i, 2)
        out.append(c.m(*t))
        out.append(c.m(*t[:1], b=i))
        out.append(max(*t))
        out.append(C(*t))
        out.append(C(i, **{'y': 3}))
        out.append(dict(**{'a': i}))
        out.append(err(len, *t))
        if i == n - 3:
            C.m = lambda self, a, b=0: a * b
    return out

def raising(n):
    out = []
    def boom(a, b):
        if a % 500 == 499:
            raise ValueError(a)
        return a - b
    for i in range(n):
        try:
            out.append(boom(*(i, 1)))
        except ValueError as e:
            out.append('ValueError %s' % e)
    return out

def generators(n):
    out = []
    for i in range(n):
        out.append(err(add3, *(x for x in (i, 1, 2))))
    return out

N = 2000
show('tuples', tuples(N))
show('kwargs', kwargs(N))
show('methods_and_builtins', methods_and_builtins(N))
show('raising', raising(N))
show('generators', generators(300))

def bad_binding(n):
    # recorded while the call cannot bind (an unexpected keyword, a
    # missing argument): the trace calls call_ex, which raises as CPython
    out = []
    c = C(1)
    for i in range(n):
        kw = {'b': 1} if i % 3 else {'b': 1, 'zz': 2}
        out.append(err(lambda: add3(i, **kw)))
        t = (i,) if i % 4 else (i, 2)
        out.append(err(lambda: c.m(*t, **kw)))
        out.append(err(lambda: add3(*t)))
    return out

show('bad_binding', bad_binding(N))
