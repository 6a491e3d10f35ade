# tpy-test: no-regen modes=default
# The machine code of boxing a float or an int in a compiled loop is the
# fast path only: the C call for a value that does not fit the immediate
# encoding (value.h) is on a cold path after the trace's code
# (emit_x64.c, add_cold_call()), as are unboxing's load from a boxed
# float and the check of guard_is_float for one. Read through the compile hook, the distance from a box_float
# (box_int, unbox_float, guard_class(any_float)) operation's code to the
# next operation's is at most 80 (32, 48, 20) bytes; with the slow paths
# inline it was 214 (164, 54, 46) bytes. tests/jit/floats_boxing.py checks the values.
# Int // and % by a constant power of two compile to int_rshift and
# int_and (opt_rewrite.c), not to the division helpers int_py_floordiv
# and int_py_mod; by another constant they stay divisions.
# tests/jit/floats_arith.py checks the results.
import pypyjit

sizes = {'box_float': [], 'box_int': [], 'unbox_float': [], 'any_float': []}
loops = {}
def hook(info):
    if info.type != 'loop' or not info.greenkey:
        return
    loops[info.greenkey[0].co_name] = [repr(op) for op in info.operations]
    ops = [op for op in info.operations if op.offset >= 0]
    for op, nxt in zip(ops, ops[1:]):
        for kind in sizes:
            if 'ConstClass(%s)' % kind in repr(op):
                sizes[kind].append(nxt.offset - op.offset)
pypyjit.set_compile_hook(hook)

def store(n):
    out = [0.0, 0]
    x = 0.0
    for i in range(n):
        x += 0.5
        out[0] = x + out[0] * 0.5
        out[1] = i * 3
    return out

print(store(3000))
LIMITS = {'box_float': 80, 'box_int': 32, 'unbox_float': 48, 'any_float': 20}
for kind, limit in LIMITS.items():
    seen = sizes[kind]
    print(kind, 'compiled:', len(seen) > 0, 'all within', limit, 'bytes:',
          all(s <= limit for s in seen))

def halves(n):
    s = 0
    for i in range(-n, n):
        ij = i * 3 - 7
        s += ij * (ij + 1) // 2 + (ij % 16) - (ij // 1024)
    return s

def thirds(n):
    s = 0
    for i in range(-n, n):
        s += i // 3 + i % 3
    return s

print(halves(3000), thirds(3000))
for name in ('halves', 'thirds'):
    ops = loops.get(name, [])
    print(name, 'compiled:', bool(ops),
          'divisions:', sum('int_py_floordiv' in o or 'int_py_mod' in o for o in ops),
          'shifts:', sum(' int_rshift(' in o for o in ops),
          'masks:', sum(' int_and(' in o for o in ops))
