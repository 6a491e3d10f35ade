# tpy-test: no-regen modes=default
# s += t[i:] in a hot loop, read through the compile hook (record.c,
# record_str_concat_slice): in the body of the peeled loop (after its last
# label) there is one residual call, str_concat_slice (<Callr 4 rrii
# EF=2>: a + b[i:j], MemoryError only), and no str_getslice_ints
# (<Callr 4 riii EF=1>): the slice is not made. The accumulator, the
# result of that helper, is known to be a str: no class guard on it in
# the body. In `kept` the slice is also appended to a list, so its call
# stays beside the fused one. tests/core/str_concat_slice_hot checks the
# results against CPython.
import pypyjit

bodies = {}
def hook(info):
    if info.type != 'loop' or not info.greenkey:
        return
    ops = list(info.operations)
    labels = [i for i, op in enumerate(ops) if op.name == 'label']
    body = ops[labels[-1] + 1:] if labels else ops
    bodies.setdefault(info.greenkey[0].co_name, []).append(
        (len(labels), [(op.name, str(op)) for op in body if op.name.startswith('call') and 'pure' not in op.name],
         sum(1 for op in body if op.name == 'guard_nonnull_class' and 'ConstClass(str)' in str(op))))
pypyjit.set_compile_hook(hook)

WORDS = ["alpha", "beta", "gamma", "delta"]


def grow(n):
    s = ""
    for i in range(n):
        s += WORDS[i % 4][i % 3:]
        if len(s) > 200:
            s = s[100:]
    return s


def kept(n):
    s = ""
    parts = []
    for i in range(n):
        p = WORDS[i % 4][1:]
        s = s + p
        parts.append(p)
        if len(s) > 100:
            s = s[50:]
    return s, len(parts)


print(grow(3000)[-20:], kept(3000)[1])


def report(name):
    loops = bodies.get(name, [])
    if not loops:
        print(name, 'not compiled')
        return
    nlabels, calls, str_guards = loops[0]
    shown = [opname + ' ' + text.split('descr=<')[1].rstrip('>)') for opname, text in calls]
    print(name, 'compiled, peeled:', nlabels == 2, 'calls in body:', shown or 'none')
    print(name, 'str class guards in body:', str_guards)


report('grow')
report('kept')
