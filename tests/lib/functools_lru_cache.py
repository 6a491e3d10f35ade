from functools import lru_cache, cache
import functools

@lru_cache(maxsize=2)
def f(x):
    print('call', x)
    return x * 2
print(f(1), f(2), f(1), f(3), f(2), f(1))
print(f.cache_info())
f.cache_clear()
print(f.cache_info(), f.cache_parameters(), f.__name__, f.__wrapped__(5), type(f).__name__)

@lru_cache
def g(x, y=1):
    return x + y
print(g(1), g(1, y=1), g(1, 1), g(y=1, x=1), g(1), g.cache_info())

@cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(100), fib.cache_info())

@lru_cache(maxsize=None)
def fact(n):
    return 1 if n == 0 else n * fact(n - 1)
print(fact(30), fact.cache_info())

@lru_cache(typed=True)
def t(x):
    return type(x).__name__
print(t(1), t(1.0), t(True), t(1), t.cache_info())

@lru_cache()
def u(x):
    return repr(x)
print(u(1), u(1.0), u(True), u.cache_info())

@lru_cache(maxsize=0)
def z(x):
    return x
print(z(1), z(1), z.cache_info())

@lru_cache(maxsize=-3)
def neg(x):
    return x
print(neg(1), neg(1), neg.cache_info())

@lru_cache(maxsize=3)
def sq(x):
    return x * x
for x in [1, 2, 3, 1, 4, 2, 5, 1, 3]:
    sq(x)
print(sq.cache_info())

class C:
    calls = 0
    @lru_cache(maxsize=None)
    def m(self, x):
        C.calls += 1
        return x + 1
c = C()
print(c.m(1), c.m(1), C().m(1), C.calls, C.m.cache_info())

@lru_cache(maxsize=4)
def path(n):
    return 1 if n < 2 else path(n - 1) + path(n - 2)
print(path(40), path.cache_info())

@lru_cache
def unhashable(x):
    return x
try:
    unhashable([1])
except TypeError as e:
    print('TypeError', e)
try:
    lru_cache('a')
except TypeError as e:
    print('TypeError', e)
print(f.cache_info()._fields, f.cache_info().hits, functools._CacheInfo.__name__)
