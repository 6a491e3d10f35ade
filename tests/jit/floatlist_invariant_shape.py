# tpy-test: no-regen modes=default
# A float list item the loop reads but never writes (b[0], b[1] in the
# inner loop below, nbody's pattern) stays in the heap cache across
# iterations; the peeled loop's label used to carry it boxed, and the body
# unboxed it again in every iteration. opt_unroll.c now exports the raw
# double the preamble unboxed beside the reference (which snapshots keep:
# a FloatObject keeps its identity): read through the compile hook, the peeled
# body of `advance` (after its second label) has no unbox_float of a label
# argument, and the label carries 'f' arguments. The results are checked
# against CPython by tests/jit/floatlist_invariant.py.
import pypyjit

peeled = []    # (T1 arguments, ops after T1) of each peeled loop of advance

def args_of(text):
    inner = text[text.index('(') + 1:text.rindex(')')]
    return [a.strip() for a in inner.split(',') if a.strip() and not a.strip().startswith('descr=')]

def hook(info):
    if info.type != 'loop' or not info.greenkey or info.greenkey[0].co_name != 'advance':
        return
    ops = [str(op) for op in info.operations]
    labels = [k for k, op in enumerate(ops) if op.startswith('label(')]
    if len(labels) == 2:
        peeled.append((args_of(ops[labels[1]]), ops[labels[1] + 1:]))

pypyjit.set_compile_hook(hook)


def advance(bodies, rounds, dt):
    for r in range(rounds):
        for i in range(len(bodies)):
            b = bodies[i]
            for j in range(i + 1, len(bodies)):
                c = bodies[j]
                dx = b[0] - c[0]
                dy = b[1] - c[1]
                c[2] += dx * dt
                c[3] += dy * dt


bodies = [[float(i), 0.5 * i, 0.0, 0.0] for i in range(5)]
advance(bodies, 3000, 0.01)
print([round(x, 6) for b in bodies for x in b])

def unboxes_a_label_arg(args, body):
    names = set(args)
    for op in body:
        if 'unbox_float' in op:
            if any(a in names for a in args_of(op)[1:]):
                return True
    return False

print('peeled loops of advance:', len(peeled) > 0)
print('raw float label arguments:', any(a.startswith('f') for args, _ in peeled for a in args))
print('unbox_float of a label argument:', any(unboxes_a_label_arg(args, body) for args, body in peeled))
