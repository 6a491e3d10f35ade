# tpy-test: no-regen modes=default
# Calls with *args, **kwargs, keyword arguments and defaults whose callee
# is inlined build nothing: read through the compile hook, the body of
# each peeled loop (after its second label) has no residual call and no
# allocation. The packed tuple and dict are virtuals; len(kwargs),
# kwargs[k] and `for k in kwargs` fold (opt_virtualize.c); f(*t) and
# f(**d) (CALL_FUNCTION_EX) unpack them at trace time, so a decorator's
# wrapper(*args, **kwargs) passing them on costs nothing; a dict display
# of constant str keys read by key and len() is gone too.
# tests/jit/callargs_kwargs and callargs_ex check the results.
from helper_loop_bodies import ALLOC, CALLS, collect_loop_bodies


bodies = collect_loop_bodies()

def total_args(*args):
    s = 0
    for a in args:
        s += a
    return s

def count_kwargs(**kwargs):
    s = 0
    for k in kwargs:
        s += kwargs[k]
    return s + len(kwargs)

def mixed(a, b=2, *rest, **opts):
    return a + b + len(rest) + len(opts)

def scaled(x, factor=3, offset=1):
    return x * factor + offset

def varargs(n):
    acc = 0
    for i in range(n):
        acc += total_args(i, 1, 2, 3)
        acc += count_kwargs(a=i, b=2)
        acc += mixed(i)
        acc += mixed(i, 3, 4, 5, flag=1)
        acc += scaled(x=i, offset=0)
        acc &= 0xFFFFFFF
    return acc

def deco(f):
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs)
    return wrapper

wscaled = deco(scaled)
wcount = deco(count_kwargs)

def decorated(n):
    acc = 0
    for i in range(n):
        acc += wscaled(i, offset=2)
        acc += wcount(a=i, b=1)
        acc &= 0xFFFFFFF
    return acc

def unpacked(n):
    acc = 0
    for i in range(n):
        t = (i, 2)
        acc += scaled(*t)
        acc += scaled(**{'x': i, 'offset': 3})
        acc &= 0xFFFFFFF
    return acc

def displays(n):
    acc = 0
    for i in range(n):
        d = {'a': i, 'b': 2}
        acc += d['a'] + d['b'] + len(d)
        acc &= 0xFFFFFFF
    return acc

print(varargs(3000), decorated(3000), unpacked(3000), displays(3000))

bodies.report('varargs', CALLS | ALLOC)
bodies.report('decorated', CALLS | ALLOC)
bodies.report('unpacked', CALLS | ALLOC)
bodies.report('displays', CALLS | ALLOC)
