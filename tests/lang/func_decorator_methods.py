def logged(fn):
    def w(self, *a):
        r = fn(self, *a)
        print('%s.%s%r -> %r' % (type(self).__name__, fn.__name__, a, r))
        return r
    w.__name__ = fn.__name__
    return w

class Calc:
    @logged
    def add(self, a, b):
        return a + b
    @staticmethod
    @logged
    def weird(x):
        return x
    @property
    @logged
    def answer(self):
        return 42

c = Calc()
c.add(2, 3)
print(c.answer)
print(Calc.add.__name__)

def memo(fn):
    cache = {}
    def w(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    w.cache = cache
    return w

@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), len(fib.cache))
