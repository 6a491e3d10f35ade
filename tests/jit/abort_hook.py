# tpy-test: no-regen modes=default,eager
# set_abort_hook and set_trace_too_long_hook (PyPy's p3_abort_exc and
# p4_toolong probes): a trace longer than trace_limit aborts with
# ABORT_TOO_LONG; the inlined function with the most operations is blamed,
# reported to the too-long hook, and not inlined any more.
import pypyjit

events = []
def abort_hook(jd, greenkey, reason, ops):
    events.append(('abort', jd, greenkey and (greenkey[0].co_name, greenkey[2]), reason, type(ops).__name__,
                   all(isinstance(o, (pypyjit.ResOperation, pypyjit.GuardOp)) for o in ops), len(ops) > 0))
def too_long(jd, greenkey):
    events.append(('too_long', jd, greenkey[0].co_name, greenkey[1], greenkey[2]))
pypyjit.set_abort_hook(abort_hook)
pypyjit.set_trace_too_long_hook(too_long)
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
pypyjit.set_abort_hook(None)
pypyjit.set_trace_too_long_hook(None)
first = [e for e in events if e[0] == 'abort' and e[2] and e[2][0] == 'caller']
print(first[0])
print([e for e in events if e[0] == 'too_long'][:1])
print(pypyjit.get_stats_snapshot().counters['ABORT_TOO_LONG'] >= 1)
# the abort hook's operations: what was recorded so far, with offsets -1
ops = []
pypyjit.set_abort_hook(lambda jd, gk, reason, o: ops.append((reason, [op.offset for op in o])))
pypyjit.set_param(trace_limit=50)
def g(n):
    s = 0
    for i in range(n):
        s += i; s += i; s += i; s += i; s += i; s += i; s += i; s += i; s += i; s += i
    return s
print(g(5000))
pypyjit.set_param("default")
pypyjit.set_abort_hook(None)
print(ops[0][0], set(ops[0][1]))
