# tpy-test: no-regen modes=default,eager
# The optimize hook (tpy's; PyPy dropped it, so this output is written by
# hand) under the same rule as the others: code it runs is traced and
# compiled without hook events. If it changes what the trace being
# finished relies on, that trace is not compiled (aborted as
# ABORT_FORCE_QUASIIMMUT, no hook event) and the program goes on: a global
# the trace assumed constant rebound, releaseall() freeing the loop the
# trace jumps to or the tree a bridge starts from.
import pypyjit

def counters():
    c = pypyjit.get_stats_snapshot().counters
    return c['TOTAL_COMPILED_LOOPS'], c['TOTAL_COMPILED_BRIDGES'], c['ABORT_FORCE_QUASIIMMUT']

def work(n):
    s = 0
    for i in range(n):
        s += i * 7
    return s

# 1. hot code inside the optimize hook is compiled, with no event
events = []
state = []
def opt_runs(jd, kind, key, ops):
    events.append(key[0].co_name if kind != 'bridge' else 'bridge')
    if kind != 'bridge' and key[0].co_name == 'f1' and not state:
        before = counters()[0]
        state.append(work(40000))
        state.append(counters()[0] > before)
    return None
pypyjit.set_optimize_hook(opt_runs)
pypyjit.set_compile_hook(lambda info: events.append('compiled ' + (info.greenkey[0].co_name if info.greenkey else 'bridge')))
def f1(n):
    s = 0
    for i in range(n):
        s += i
    return s
print(f1(20000), state)
print('work' in events, 'compiled work' in events, 'compiled f1' in events)
pypyjit.set_compile_hook(None)

# 2. the hook rebinds a global the trace assumed constant (to the same
# value, so that the result does not depend on when): not compiled
K = 3
def g1(n):
    s = 0
    for i in range(n):
        s += K
    return s
rebound = []
def opt_rebind(jd, kind, key, ops):
    global K
    if kind == 'loop' and key[0].co_name == 'g1' and not rebound:
        rebound.append(counters()[2])
        K = 3
    return None
pypyjit.set_optimize_hook(opt_rebind)
print(g1(20000), g1(20000))
print("aborted:", counters()[2] > rebound[0])

# 3. the hook frees everything while a bridge that jumps into another
# loop's tree is finished: its parent and the loop it jumps to are gone, it
# is not compiled; the loops compile again later
def two_inner(n):
    total = 0
    for r in range(n):
        s = 0
        for i in range(60):
            s += i ^ r
        for j in range(60):
            s -= j & r
        total += s
    return total
freed = []
def opt_release(jd, kind, key, ops):
    if kind == 'bridge' and not freed and any(op.name == 'jump' for op in ops):
        freed.append(counters()[2])
        pypyjit.releaseall()
    return None
pypyjit.set_optimize_hook(opt_release)
print(two_inner(3000), two_inner(3000))
print("bridge aborted:", len(freed) == 1 and counters()[2] > freed[0])
pypyjit.set_optimize_hook(None)
print(two_inner(3000))

# 4. set_param inside the optimize hook
def opt_params(jd, kind, key, ops):
    pypyjit.set_param("off")
    pypyjit.set_param("default")
    pypyjit.set_param(threshold=200, trace_limit=100)
    pypyjit.set_param("default")
    return None
pypyjit.set_optimize_hook(opt_params)
print(work(30000), f1(30000))
pypyjit.set_optimize_hook(None)
print("done")
