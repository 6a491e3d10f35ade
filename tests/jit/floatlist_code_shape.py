# tpy-test: no-regen modes=default
# The machine code of a float read from a list (guard_class(any_float) +
# unbox_float) and of a float stored into one (box_float), read through
# the compile hook's offsets (emit_x64.c): the unbox right after the guard
# on the same value takes over the guard's cold path and has no tag test
# of its own; the exponent bias and the box's range limit are memory
# operands; +-0.0 is boxed on the cold path, and is no small float (value.h:
# static FloatObjects), so the decode has no test for it. The distance from
# each op's code to the next op's is 22 bytes or less for such an unbox (46
# at first, 32 while +-0.0 were small floats), 16 for the guard (17) and 48
# for box_float (64); 28 and 56 in a position-independent build.
# tests/jit/floatlist_boxing.py
# runs the cold paths (boxed floats, +-0.0, ints and strings in the list).
import pypyjit

sizes = {'fused unbox_float': [], 'any_float guard': [], 'box_float': []}

def hook(info):
    if info.type != 'loop' or not info.greenkey or info.greenkey[0].co_name != 'advance':
        return
    ops = [op for op in info.operations if op.offset >= 0]
    for prev, op, nxt in zip(ops, ops[1:], ops[2:]):
        text, before = repr(op), repr(prev)
        if 'ConstClass(unbox_float)' in text and 'ConstClass(any_float)' in before:
            value = text[text.rindex('),') + 2:].split(',')[0].strip()
            if before.startswith('guard_class(%s,' % value):
                sizes['fused unbox_float'].append(nxt.offset - op.offset)
        if text.startswith('guard_class(') and 'ConstClass(any_float)' in text:
            sizes['any_float guard'].append(nxt.offset - op.offset)
        if 'ConstClass(box_float)' in text:
            sizes['box_float'].append(nxt.offset - op.offset)

pypyjit.set_compile_hook(hook)


def advance(bodies, rounds, dt):
    for r in range(rounds):
        for i in range(len(bodies)):
            b = bodies[i]
            for j in range(i + 1, len(bodies)):
                c = bodies[j]
                dx = b[0] - c[0]
                c[2] += dx * dt
                b[2] -= dx * dt


# list(): lists that hold Values (a display of floats would get float
# storage, whose items compiled code reads unboxed: float_storage_shape.py)
bodies = [list((float(i), 0.5 * i, 0.0, 0.0)) for i in range(5)]
advance(bodies, 3000, 0.01)
print([round(x, 6) for b in bodies for x in b])
# A position-independent tpy (the ASan build) cannot reach the constants
# with a disp32 and loads them with a movabs (abs_addressable()): 6 and 4
# bytes more, still short of the sizes before.
with open('/proc/self/exe', 'rb') as exe:
    pie = exe.read(18)[16] == 3     # ELF e_type: ET_DYN
LIMITS = {'fused unbox_float': 28 if pie else 22, 'any_float guard': 16, 'box_float': 56 if pie else 48}
for kind, limit in LIMITS.items():
    seen = sizes[kind]
    # the smallest: a distance also counts the moves the register
    # allocator puts before the next op
    print(kind, 'compiled:', len(seen) > 0, 'within the limit:', min(seen, default=999) <= limit)
