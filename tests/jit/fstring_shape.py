# tpy-test: no-regen modes=default
# f-strings in a hot loop, read through the compile hook (record.c,
# record_format_plain and OP_BUILD_STRING): in the body of the peeled loop
# (after its last label), f"{i}:{w}-{i * 3 % 101} {w.upper()}" makes one
# residual call that returns a str for the whole string (build_string_n,
# <Callr 2 ri EF=1>) besides the w.upper() method call: no format_value
# call for the str and int fields, and no str made for the ints (the call
# str_of_int_piece is deferred to the snapshots, so it is not emitted,
# not even as a call_pure_r), and no allocation of an array for the parts
# (they go through a tuple the trace owns: no new_array_clear, no
# new_with_vtable). `spec` formats with a spec, which still
# calls format_value. tests/core/str_fstring_hot checks the results
# against CPython.
import pypyjit

bodies = {}
def hook(info):
    if info.type != 'loop' or not info.greenkey:
        return
    ops = list(info.operations)
    labels = [i for i, op in enumerate(ops) if op.name == 'label']
    body = ops[labels[-1] + 1:] if labels else ops
    bodies.setdefault(info.greenkey[0].co_name, []).append(
        (len(labels), [(op.name, str(op)) for op in body if op.name.startswith('call')],
         sum(1 for op in body if op.name.startswith('new'))))
pypyjit.set_compile_hook(hook)

WORDS = ["alpha", "beta", "gamma", "delta"]


def lines(n):
    out = []
    for i in range(n):
        w = WORDS[i % 4]
        out.append(f"{i}:{w}-{i * 3 % 101} {w.upper()}")
    return out


def short(n):
    out = []
    for i in range(n):
        out.append(f"{i}-{i + 1}")
    return out


def spec(n):
    out = []
    for i in range(n):
        out.append(f"{i:5}")
    return out


print(lines(3000)[-1], short(3000)[-1], spec(3000)[-1])


def report(name):
    loops = bodies.get(name, [])
    if not loops:
        print(name, 'not compiled')
        return
    nlabels, calls, news = loops[0]
    # box_int is a call_pure_r the backend inlines; name the rest by descr
    shown = [opname + ' ' + text.split('descr=<')[1].rstrip('>)') for opname, text in calls
             if 'box_int' not in text]
    print(name, 'compiled, peeled:', nlabels == 2, 'calls in body:', shown or 'none', 'allocations:', news)


report('lines')
report('short')
report('spec')
