# tpy-test: no-regen modes=default,eager
# set_optimize_hook (PyPy's seed 003, which PyPy dropped): the hook sees a
# trace after optimization and before assembly, and may return new
# operations; tpy validates them and compiles them, or reports why they are
# invalid and compiles the original trace.
import pypyjit, sys, re

seen = []
def observe(jd, loop_type, key, ops):
    if loop_type == 'loop' and key[0].co_name == 'f':
        seen.append((jd, loop_type, key[1:], type(ops).__name__, type(ops[0]).__name__))
pypyjit.set_optimize_hook(observe)
def f(n):
    s = 0
    for i in range(n):
        s += i
    return s
print(f(20000))
print(seen[:1])

# returning the operations unchanged, or without debug_merge_points, is valid
compiled = []
pypyjit.set_compile_hook(lambda info: info.type == 'loop' and compiled.append((info.greenkey[0].co_name, len(info.operations),
                                                         sum(op.name == 'debug_merge_point' for op in info.operations))))
pypyjit.set_optimize_hook(lambda jd, t, key, ops: ops if t == 'loop' and key[0].co_name == 'same' else None)
def same(n):
    s = 0
    for i in range(n):
        s += i % 5
    return s
print(same(20000))
pypyjit.set_optimize_hook(lambda jd, t, key, ops: [op for op in ops if op.name != 'debug_merge_point'])
def nodmp(n):
    s = 0
    for i in range(n):
        s += i % 7
    return s
print(nodmp(20000))
print([c for c in compiled if c[0] == 'nodmp'][0][2], [c for c in compiled if c[0] == 'same'][0][2] > 0)

# text instead of objects works too; invalid lists are reported, the
# original trace is compiled and the program goes on
errors = []
sys.unraisablehook = lambda u: errors.append((u.exc_type.__name__, re.sub(r'0x[0-9a-f]+|[0-9]+', 'N', str(u.exc_value).split('): ', 1)[-1])))
def breaker(change):
    def hook(jd, t, key, ops):
        if t != 'loop' or key[0].co_name != 'victim':
            return None
        return change([repr(op) for op in ops])
    return hook

def first(lines, name):
    return [i for i, l in enumerate(lines) if name in l][0]

def unknown_op(lines):
    i = first(lines, '= int_add_ovf(')
    return lines[:i] + [lines[i].replace('int_add_ovf', 'int_frobnicate')] + lines[i + 1:]
def bad_arity(lines):
    i = first(lines, '= int_add_ovf(')
    return lines[:i] + [lines[i].replace('(', '(i0, ', 1)] + lines[i + 1:]
def use_before_def(lines):
    # drop the first value that a later operation uses
    for i, l in enumerate(lines):
        if ' = ' in l:
            name = l.split(' = ')[0]
            if any(name + ',' in m or name + ')' in m for m in lines[i + 1:]):
                return lines[:i] + lines[i + 1:]
def new_guard(lines):
    i = first(lines, 'guard_no_overflow(')
    return lines[:i] + ['guard_no_overflow(descr=<Guard0xfffffff>) []'] + lines[i + 1:]
def no_jump(lines):
    return lines[:-1]
def not_a_list(lines):
    return 42

src = """
def victim(n):
    s = 0
    for i in range(n):
        s += i
    return s
"""
for change in (unknown_op, bad_arity, use_before_def, new_guard, no_jump, not_a_list):
    pypyjit.set_optimize_hook(breaker(change))
    ns = {}
    exec(src, ns)     # a new code object each time: a new loop to compile
    print(change.__name__, ns['victim'](20000))
pypyjit.set_optimize_hook(None)
pypyjit.set_compile_hook(None)
for e in errors:
    print(e)
print(len([c for c in compiled if c[0] == 'victim']), "victims compiled")
