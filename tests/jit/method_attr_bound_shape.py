# tpy-test: no-regen modes=default
# obj.name that gives a bound method of a Python function of obj's class
# (LOAD_ATTR: `Err().handle(ctx, *args)` compiles to it, as _pydecimal's
# Context._raise_error) is a virtual bound method (record_method_attr),
# not a residual getattr: the new exception it is taken from stays virtual
# too. Read through the compile hook; tests/jit/method_attr_bound checks
# the semantics.
import pypyjit

ops_by_code = {}


def hook(info):
    if info.greenkey:
        ops_by_code.setdefault(info.greenkey[0].co_name, []).extend(repr(op) for op in info.operations)


pypyjit.set_compile_hook(hook)


class Err(Exception):
    def handle(self, ctx, *args):
        return ctx


class Point:
    def __init__(self, x):
        self.x = x

    def get(self, *args):
        return self.x


def handled(n):
    extra = ()
    t = 0
    for i in range(n):
        t += Err('x').handle(i, *extra)
    return t


def points(n):
    extra = ()
    t = 0
    for i in range(n):
        t += Point(i).get(*extra)
    return t


for name, f, cls in (('handled', handled, 'Err'), ('points', points, 'Point')):
    r = f(3000)
    ops = ops_by_code.get(name, [])
    allocs = sum('new_with_vtable' in op and cls in op for op in ops)
    methods = sum('new_with_vtable' in op and 'method' in op for op in ops)
    print(name, r, 'compiled:', bool(ops), cls, 'allocations:', allocs, 'bound method allocations:', methods)
