# tpy-test: no-regen modes=default
# Exceptions raised and caught inside one trace (docs/jit.md, "Exceptions
# raised and caught in a trace"), read through the compile hook: in the
# peeled loop body (after its second label) and in the bridges, no
# allocation (the exception object is virtual: no new_with_vtable) and no
# residual call (no call_r/call_i/call_n, which building, raising or
# matching the exception would take), for a raise caught in the same
# frame, a helper's raise caught by its caller, a raise in a handler
# (__context__), and the EAFP counter's KeyError, whose lookup is the only
# call left (call_r, dict_lookup; its store call_i). tests/jit/vexc_semantics
# checks the results against CPython.
import pypyjit

CALLS = {'call_r', 'call_i', 'call_n', 'call_f', 'call_assembler_r'}
ALLOC = {'new', 'new_with_vtable', 'new_array', 'new_array_clear'}

traces = []
def hook(info):
    names = [op.name for op in info.operations]
    if info.type == 'loop':
        labels = [i for i, n in enumerate(names) if n == 'label']
        names = names[labels[-1] + 1:] if labels else names
    traces.append((info.type, names))
pypyjit.set_compile_hook(hook)


class Odd(Exception):
    pass


def check(i):
    if i % 3 == 0:
        raise Odd(i)
    return i


def same_frame(n):
    c = 0
    for i in range(n):
        try:
            raise Odd(i)
        except Odd:
            c += 1
    return c


def helper_every_third(n):
    total = caught = 0
    for i in range(n):
        try:
            total += check(i)
        except Odd:
            caught += 1
    return total, caught


def in_handler(n):
    c = 0
    for i in range(n):
        try:
            try:
                raise Odd(i)
            except Odd:
                raise KeyError(i)
        except (KeyError, TypeError):
            c += 1
    return c


def eafp_all_misses(n):
    d = {}
    for i in range(n):
        try:
            d[i] += 1
        except KeyError:
            d[i] = 1
    return len(d)


def run(name, fn, banned, *args):
    del traces[:]
    result = fn(*args)
    loops = [ops for kind, ops in traces if kind == 'loop']
    bridges = [ops for kind, ops in traces if kind == 'bridge']
    seen = set()
    for ops in loops + bridges:
        seen |= set(ops)
    bad = sorted(seen & banned)
    print(name, result, 'loops:', len(loops), 'bridges > 0:', len(bridges) > 0 if name == 'helper_every_third' else '-',
          'banned ops:', bad or 'none')
    return seen


run('same_frame', same_frame, CALLS | ALLOC, 3000)
run('helper_every_third', helper_every_third, CALLS | ALLOC, 3000)
run('in_handler', in_handler, CALLS | ALLOC, 3000)
ops = run('eafp_all_misses', eafp_all_misses, ALLOC | {'call_n', 'call_f', 'call_assembler_r'}, 3000)
print('eafp calls:', sorted(ops & CALLS))
