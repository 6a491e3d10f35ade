# f(*a, **k) names the called object only in an error message: a callable
# whose __str__ or __qualname__ runs code (unittest.mock records the call)
# must not see it on a successful call.
class Callable:
    def __init__(self):
        self.log = []
    def __call__(self, *a, **k):
        self.log.append(('call', a, sorted(k.items())))
        return len(a) + len(k)
    def __str__(self):
        self.log.append('str')
        return 'Callable!'
    def __getattr__(self, name):
        self.log.append(('getattr', name))
        raise AttributeError(name)

class Mapping:
    def keys(self):
        return ['x', 'y']
    def __getitem__(self, k):
        return k * 2

c = Callable()

def star_star(*args, **kwargs):
    return c(*args, **kwargs)

def merged(**kw):
    return c(a=1, **kw, **{'z': 3})

for i in range(60):   # long enough for the JIT to compile the callers
    star_star(1, 2, b=3)
    merged(q=i)
    c(**Mapping())
print(len(c.log), [e for e in c.log if not (isinstance(e, tuple) and e[0] == 'call')])
print(c.log[:3])

# the errors still name it (str() when it has no __qualname__)
c.log.clear()
for kw in ([1], {'a': 2}):
    try:
        c(a=1, **kw)
    except TypeError as e:
        print(e)
print(c.log)

def f(**k):
    pass
for kw in ([1], {'a': 2}, {1: 2}):
    try:
        f(a=1, **kw)
    except TypeError as e:
        print(e)
