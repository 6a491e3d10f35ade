# tpy-test: no-regen modes=default,eager
# An optimize hook that returns the operations of a trace whose guards keep
# virtual objects (allocations the optimizer removed) in their snapshots:
# the replacement is valid, and the objects are rebuilt on guard failure.
import pypyjit

seen = []
def hook(jd, loop_type, key, ops):
    if loop_type == 'loop' and key[0].co_name == 'f':
        seen.append(len(ops))
    return ops
pypyjit.set_optimize_hook(hook)

def f(n):
    out = []
    for i in range(n):
        t = (i, i * 2.5)
        if i % 1000 == 999:
            out.append(t)
    return out

print(f(5000))
print(len(seen) > 0)
