# tpy-test: no-regen modes=default,eager
# Hooks are safe by contract: an exception in a hook is reported as PyPy
# reports it ("Exception ignored in: jit hook ..." through
# sys.unraisablehook) and the program goes on; hooks never re-enter; a hook
# that runs hot code, calls releaseall(), keeps or walks the JIT's objects,
# or swaps hooks cannot crash the VM or corrupt the trace being compiled.
import pypyjit, sys

got = []
sys.unraisablehook = lambda u: got.append((u.exc_type.__name__, str(u.exc_value), u.err_msg, u.object.__name__))

def bad_compile(info):
    raise ValueError("boom from compile hook")
def bad_abort(*a):
    raise KeyError("abort")
def bad_toolong(*a):
    raise RuntimeError("toolong")
pypyjit.set_compile_hook(bad_compile)
pypyjit.set_abort_hook(bad_abort)
pypyjit.set_trace_too_long_hook(bad_toolong)
pypyjit.set_param(trace_limit=120)

def huge(i):
    t = 0
    t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8
    t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8
    t += i*1; t += i*2; t += i*3; t += i*4; t += i*5; t += i*6; t += i*7; t += i*8
    return t
def caller(n):
    s = 0
    for i in range(n):
        s += huge(i)
    return s
print(caller(5000))
pypyjit.set_param("default")
def simple(n):
    s = 0
    for i in range(n):
        s += i
    return s
print(simple(10000))
print("program continued normally")
for g in sorted(set(got)):
    print(g)

# non-reentrancy: a hook that runs a hot loop gets no hook call for it, and
# the loop's result is right
calls = []
def reent(info):
    calls.append(info.greenkey[0].co_name if info.greenkey else 'bridge')
    def inner(n):
        s = 0
        for i in range(n):
            s += i
        return s
    calls.append(inner(5000))
pypyjit.set_compile_hook(reent)
pypyjit.set_abort_hook(None)
pypyjit.set_trace_too_long_hook(None)
def h(n):
    s = 0
    for i in range(n):
        s += i * 2
    return s
print(h(10000))
pypyjit.set_compile_hook(None)
print("hook called for", calls[:2])

# a hook that keeps everything, walks it, releases all machine code and
# swaps the hooks while it runs
kept = []
def greedy(info):
    kept.append(info)
    kept.extend(info.operations)
    for op in info.operations:
        repr(op); op.name; op.offset
        if isinstance(op, pypyjit.DebugMergePoint):
            op.greenkey; op.pycode; op.call_depth
    pypyjit.releaseall()
    pypyjit.set_compile_hook(greedy)
    pypyjit.get_stats_snapshot()
pypyjit.set_compile_hook(greedy)
def m(n):
    s = 0
    for i in range(n):
        s += i % 7
    return s
print(m(30000), m(30000))
pypyjit.set_compile_hook(None)
print(len(kept) > 0, all(repr(o) for o in kept))

# an exception pending in the interpreter when an abort hook fires is kept
pypyjit.set_abort_hook(lambda *a: [i for i in range(10)])
def raises(n):
    for i in range(n):
        if i == 3000:
            raise ZeroDivisionError("from the loop")
try:
    raises(5000)
except ZeroDivisionError as e:
    print("caught", e)
pypyjit.set_abort_hook(None)
sys.unraisablehook = sys.__dict__.get('__unraisablehook__', sys.unraisablehook)
print("done")
