# lru_cache hashes each call's key once (lookup, insert and eviction reuse
# it), as CPython's C implementation; builtins have docstrings that
# update_wrapper copies.
import functools

class Key:
    calls = 0
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        Key.calls += 1
        return hash(self.v)
    def __eq__(self, other):
        return isinstance(other, Key) and self.v == other.v

for maxsize in (1, 2, None):
    @functools.lru_cache(maxsize=maxsize)
    def f(x, y=0):
        return (x.v, y)
    Key.calls = 0
    a, b, c = Key(1), Key(2), Key(3)
    log = []
    for k in (a, a, b, c, a, b, b):
        f(k)
        log.append(Key.calls)
    f(a, y=5)
    log.append(Key.calls)
    f(Key(1))
    log.append(Key.calls)
    print(maxsize, log, f.cache_info())

def wrapper():
    pass
functools.update_wrapper(wrapper, max)
print(wrapper.__name__, wrapper.__doc__.startswith('max('), wrapper.__annotations__)
for fn in (min, max, iter, next, getattr, dir, vars, aiter, anext):
    print(fn.__name__, fn.__doc__.splitlines()[0].startswith(fn.__name__ + '('))
for fn in (abs, len, repr, sorted, sum, isinstance, hasattr, round, pow, divmod):
    print(fn.__name__, bool(fn.__doc__), fn.__text_signature__ is not None)
