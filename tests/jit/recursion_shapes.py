# tpy-test: no-regen modes=default
# MAKE_FUNCTION in a hot loop no longer aborts the trace (it was
# ABORT_UNSUPPORTED_OPCODE): a loop making a lambda, a closure with
# defaults, or a generator expression each pass compiles as one loop, no
# abort names it, and no bridge grows from it (the fresh function is not
# guarded by identity, which would fail on every pass); the loop body keeps
# no guard_value. tests/jit/recursion_closures checks the results.
import pypyjit

aborts = []
compiled = {}


def abort_hook(jd, greenkey, reason, ops):
    if greenkey:
        aborts.append((greenkey[0].co_name, reason))


def compile_hook(info):
    if not info.greenkey:
        return
    names = [op.name for op in info.operations]
    labels = [i for i, n in enumerate(names) if n == 'label']
    body = names[labels[-1] + 1:] if labels else names
    compiled.setdefault(info.greenkey[0].co_name, []).append((info.type, len(labels), body))


pypyjit.set_abort_hook(abort_hook)
pypyjit.set_compile_hook(compile_hook)


def lambdas(n):
    total = 0
    for i in range(n):
        f = lambda x: x * 2 + i
        total += f(i)
    return total


def with_defaults(n):
    total = 0
    for i in range(n):
        def g(a, b=i, *, c=3):
            return a + b + c
        total += g(1)
    return total


def genexpr(n):
    total = 0
    for i in range(n):
        total += sum(x for x in (i, 1, 2))
    return total


print(lambdas(5000), with_defaults(5000), genexpr(5000))
pypyjit.set_abort_hook(None)
pypyjit.set_compile_hook(None)
for name in ('lambdas', 'with_defaults', 'genexpr'):
    traces = compiled.get(name, [])
    loops = [t for t in traces if t[0] == 'loop']
    bridges = [t for t in traces if t[0] == 'bridge']
    print(name, 'aborts:', [r for n, r in aborts if n == name], 'loops:', len(loops), 'bridges:', len(bridges),
          'peeled:', bool(loops) and loops[0][1] >= 2,
          'guard_value in body:', bool(loops) and 'guard_value' in loops[0][2])
