# tpy-test: no-regen modes=default,eager
# The optimize hook's validation messages that name a guard or a target
# token: they were formatted with the Python-style formatter, which does
# not know %x and %u, so "guard <Guard0x%x> needs %s ..." read the guard
# number as the name's pointer (SIGSEGV). Found by tools/fuzz.py --target hooks.
import pypyjit, re, sys

errors = []
sys.unraisablehook = lambda u: errors.append(re.sub(r'\d+', 'N', re.sub(r'0x[0-9a-f]+', '0xN', str(u.exc_value).split('): ', 1)[-1])))

def drop_value(jd, kind, key, ops):
    # an entry bridge's second argument load: only its guards' snapshots
    # need the value
    if kind == 'entry bridge' and len(ops) > 2 and ' = getarrayitem_gc_r(p0, 1' in repr(ops[1]):
        return ops[:1] + ops[2:]
    return None
pypyjit.set_optimize_hook(drop_value)

G = 5
def f(n):
    v0 = []
    v1 = [125]
    for i in range(n):
        v1 += [abs(G) for q in v0]     # the comprehension: an entry bridge
    return len(v1)
print(f(3000))

def bad_jump(jd, kind, key, ops):
    lines = [repr(op) for op in ops]
    if lines and lines[-1].startswith('jump('):
        return [l for l in lines if not l.startswith('label(')]
    return None
pypyjit.set_optimize_hook(bad_jump)
def g(n):
    s = 0
    for i in range(n):
        s += i % 7
    return s
print(g(5000))
pypyjit.set_optimize_hook(None)
for e in sorted(set(errors)):
    print(e)
