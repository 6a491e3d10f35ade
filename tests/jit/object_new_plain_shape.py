# tpy-test: no-regen modes=default
# object.__new__(cls) in a Python __new__ of a plain class is an
# allocation in the trace (record_object_new), not a residual call of the
# builtin with the class as its argument; an instance that does not
# escape the loop is not allocated at all. Read through the compile hook.
# tests/jit/object_new_plain checks the semantics.
import pypyjit

ops_by_code = {}


def hook(info):
    if info.greenkey:
        ops_by_code.setdefault(info.greenkey[0].co_name, []).extend(repr(op) for op in info.operations)


pypyjit.set_compile_hook(hook)


class Point:
    __slots__ = ('x', 'y')

    def __new__(cls, x, y):
        self = object.__new__(cls)
        self.x = x
        self.y = y
        return self


class Named:
    def __new__(cls, name):
        self = super().__new__(cls)
        self.name = name
        return self


def local_points(n):
    t = 0
    for i in range(n):
        p = Point(i, 1)
        t += p.x + p.y
    return t


def kept_names(n):
    out = []
    for i in range(n):
        out.append(Named(i))
    return len(out)


def report(name, result):
    ops = ops_by_code.get(name, [])
    # the builtin's residual call: call_r(fn, ConstPtr(object.__new__),
    # ConstClass(cls), descr=<Callr 2 rr ...>) (super() itself stays a call
    # of three arguments)
    class_calls = sum('ConstClass(Point), descr=<Callr 2 rr' in op or 'ConstClass(Named), descr=<Callr 2 rr' in op
                      for op in ops)
    allocs = sum('new_with_vtable' in op for op in ops)
    print(name, result, 'compiled:', bool(ops), 'object.__new__ calls:', class_calls, 'allocations:', allocs)


report('local_points', local_points(3000))
report('kept_names', kept_names(3000))
