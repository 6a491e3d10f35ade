# tpy-test: no-regen modes=default
# Slice copies in hot loops, read through the compile hook (record.c,
# record_list_slice_read / record_list_slice_copy): in the body of the
# peeled loop (after its last label) of fannkuch's flip, p[:k + 1] =
# p[k::-1], there is one residual call, the fused copy (call_n of a helper
# taking (list, int, int, list, int, int) that cannot raise), and no call_r: the intermediate list is not
# made (its list_getslice_ints was dropped as dead). `forward` fuses a
# step-1 copy between two lists the same way. In `kept` the intermediate
# list is read after the store, so its call_r stays beside the fused copy.
# tests/jit/bcfann_slices checks the results against CPython.
import pypyjit

bodies = {}
def hook(info):
    if info.type != 'loop' or not info.greenkey:
        return
    ops = list(info.operations)
    labels = [i for i, op in enumerate(ops) if op.name == 'label']
    body = ops[labels[-1] + 1:] if labels else ops
    bodies.setdefault(info.greenkey[0].co_name, []).append(
        (len(labels), [(op.name, str(op)) for op in body if op.name.startswith('call') and 'pure' not in op.name]))
pypyjit.set_compile_hook(hook)


def flip(n):
    p = [5, 3, 1, 0, 4, 2, 7, 6, 8]
    t = 0
    k = 5
    for i in range(n):
        p[:k + 1] = p[k::-1]
        k = p[0] if p[0] else 5
        t += k
    return t


def forward(n):
    a = list(range(10))
    b = [0] * 10
    for i in range(n):
        b[1:6] = a[i % 5:i % 5 + 5]
        a[i % 10] = b[2]
    return sum(a), sum(b)


def kept(n):
    a = list(range(6))
    t = 0
    for i in range(n):
        r = a[::-1]
        a[:6] = r
        t += r[0]
    return t


print(flip(3000), forward(3000), kept(3000))


def report(name):
    loops = bodies.get(name, [])
    if not loops:
        print(name, 'not compiled')
        return
    nlabels, calls = loops[0]
    # the fused copy's descr is <Callv 6 riirii EF=1> (no raise); a
    # residual list_getslice / list_setslice would be call_r / call_i
    shown = [opname + ' ' + text.split('descr=<')[1].rstrip('>)') for opname, text in calls]
    print(name, 'compiled, peeled:', nlabels == 2, 'calls in body:', shown or 'none')


report('flip')
report('forward')
report('kept')
