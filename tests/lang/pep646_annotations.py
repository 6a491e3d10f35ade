# PEP 646: '*args: *Ts'. The annotation is the single item the starred
# expression unpacks to, evaluated when the def runs.

def f(*a: *[7]): pass
print(f.__annotations__)

def g(x: int, *rest: *(str,), k: float = 1.0, **kw: bytes) -> None: pass
print(g.__annotations__)

class Ts:
    def __iter__(self):
        print('iter Ts')
        return iter(['unpacked Ts'])

def h(*args: *Ts()): pass
print(h.__annotations__)

async def coro(*a: *'x'): pass
print(coro.__annotations__)

class C:
    def m(self, *__p: *[1]): pass
print(C.m.__annotations__)

# the starred value is a bitwise_or expression
def u(*a: *{3} | {3}): pass
print(u.__annotations__)

# evaluation order: defaults, then annotations in parameter order
def item(x):
    print('eval', x)
    return x

def order(p: item('p') = item('default'), *a: *[item('star')], k: item('k'), **kw: item('kw')) -> item('ret'):
    pass
print(order.__annotations__)

for bad in ([], [1, 2], 5):
    try:
        def bad_f(*a: *bad): pass
        print('no error')
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

def gen():
    yield 'from gen'
def gf(*a: *gen()): pass
print(gf.__annotations__)
