# tpy-test: no-regen modes=default,eager
# Hooks are not reentrant, but the JIT keeps working while a hook runs (as
# PyPy 7.3.11's does; expected output from pypy3): code that becomes hot
# inside a hook is compiled (TOTAL_COMPILED_LOOPS grows) and reports no
# hook event; an abort inside a hook reports none either; a hook that runs
# hot code, calls releaseall() and set_param() and swaps hooks does not
# break the trace being finished or the VM.
import pypyjit

def compiled_loops():
    return pypyjit.get_stats_snapshot().counters['TOTAL_COMPILED_LOOPS']

def work(n):
    s = 0
    for i in range(n):
        s += i * 3
    return s

# a compile hook running a hot loop
events = []
inside = []
def hook(info):
    name = info.greenkey[0].co_name if info.greenkey else 'bridge'
    events.append(name)
    if name == 'outer' and not inside:
        before = compiled_loops()
        inside.append(work(50000))
        inside.append(compiled_loops() > before)

pypyjit.set_compile_hook(hook)
def outer(n):
    s = 0
    for i in range(n):
        s += i
    return s
print(outer(20000))
print("compiled inside the hook:", inside)
print("events for code compiled inside:", [e for e in events if e == 'work'])
print("event for the hooked loop:", 'outer' in events)
pypyjit.set_compile_hook(None)
print(work(50000))

# an abort inside a hook reports no abort event
aborts = []
def abort_hook(jd, key, reason, ops):
    aborts.append((reason, key[0].co_name if key else None))

def too_long(n):
    t = 0
    for i in range(n):
        t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8
        t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8
        t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8
    return t

results = []
def compile_hook2(info):
    if info.greenkey and info.greenkey[0].co_name == 'outer2' and not results:
        results.append(too_long(3000))

pypyjit.set_abort_hook(abort_hook)
pypyjit.set_compile_hook(compile_hook2)
pypyjit.set_param(trace_limit=200)
def outer2(n):
    s = 0
    for i in range(n):
        s += i * 5
    return s
print(outer2(20000), results)
print("aborts inside the hook reported:", [a for a in aborts if a[1] == 'too_long'])
pypyjit.set_param("default")
pypyjit.set_abort_hook(None)
pypyjit.set_compile_hook(None)

# a hook that calls releaseall() and set_param(), and sets and clears
# hooks around hot code of its own
log = []
def busy(info):
    name = info.greenkey[0].co_name if info.greenkey else 'bridge'
    log.append(name)
    if len(log) > 1:
        return
    pypyjit.releaseall()
    pypyjit.set_param(threshold=500)
    pypyjit.set_compile_hook(None)
    log.append(work(30000))
    pypyjit.set_compile_hook(busy)
    pypyjit.set_param("default")
    pypyjit.set_abort_hook(lambda *a: log.append('abort'))
    pypyjit.set_abort_hook(None)

pypyjit.set_compile_hook(busy)
def outer3(n):
    s = 0
    for i in range(n):
        s += i % 7
    return s
print(outer3(30000), outer3(30000))
pypyjit.set_compile_hook(None)
print(log[:2])

# an abort hook running a hot loop: compiled, no event
def work2(n):
    s = 0
    for i in range(n):
        s += i ^ 5
    return s

def too_long2(n):
    t = 0
    for i in range(n):
        t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8
        t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8
        t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8
    return t

seen = []
def abort_runs(jd, key, reason, ops):
    seen.append(reason)
    if len(seen) == 1:
        before = compiled_loops()
        seen.append(work2(20000))
        seen.append(compiled_loops() > before)
pypyjit.set_abort_hook(abort_runs)
pypyjit.set_param(trace_limit=200)
print(too_long2(3000), seen[:3])
pypyjit.set_param("default")
pypyjit.set_abort_hook(None)
print(work(1000))
print("done")
