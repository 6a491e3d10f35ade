# tpy-test: no-regen modes=default
# f(x, *args) with args a tuple is one virtual tuple in the trace
# (record_args_tuple), not a list built, extended by a residual call and
# copied into a tuple: the loop below compiles with no array or list
# allocation and no residual call left (the items' unboxing, call_pure,
# is inline code). Read through the compile hook;
# tests/jit/args_tuple_fused checks the semantics.
import pypyjit

ops_by_code = {}


def hook(info):
    if info.greenkey:
        ops_by_code.setdefault(info.greenkey[0].co_name, []).extend(repr(op) for op in info.operations)


pypyjit.set_compile_hook(hook)


def add3(a, b, c):
    return a + b + c


def spread(n):
    args = (2, 3)
    t = 0
    for i in range(n):
        t += add3(i, *args)
    return t


r = spread(3000)
ops = ops_by_code.get('spread', [])
print(r, 'compiled:', bool(ops),
      'arrays:', sum('new_array' in op for op in ops),
      'residual calls:', sum(('call_' in op or 'call_assembler' in op) and 'call_pure' not in op for op in ops))
