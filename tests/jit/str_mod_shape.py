# tpy-test: no-regen modes=default
# "fmt" % (a, b, c) in a hot loop, read through the compile hook (record.c,
# record_str_mod): in the body of the peeled loop (after its last label)
# the formatting is one call taking the format and the items
# (str_mod_items, <Callr 6 rirrrr EF=3>), not the operator's generic
# dispatch (binop_from, <Callr 3 rri EF=3>), and the tuple is not
# allocated (no new_with_vtable). `given` formats with a tuple it did not
# build: one call of str_mod (<Callr 2 rr EF=3>). tests/core/str_percent_hot
# checks the results against CPython.
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
         sum(1 for op in body if op.name == 'new_with_vtable')))
pypyjit.set_compile_hook(hook)

WORDS = ["alpha", "beta", "gamma", "delta"]


def built(n):
    out = []
    for i in range(n):
        out.append("%05d|%-6s|%x" % (i, WORDS[i % 4], i * 7))
    return out


def given(n):
    out = []
    t = (1, "two")
    for i in range(n):
        out.append("%s/%s" % t)
    return out


print(built(3000)[-1], given(3000)[-1])


def report(name):
    loops = bodies.get(name, [])
    if not loops:
        print(name, 'not compiled')
        return
    nlabels, calls, news = loops[0]
    shown = [opname + ' ' + text.split('descr=<')[1].rstrip('>)') for opname, text in calls]
    print(name, 'compiled, peeled:', nlabels == 2, 'calls in body:', shown or 'none', 'allocations:', news)


report('built')
report('given')
