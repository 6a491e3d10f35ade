# tpy-test: no-regen modes=default,eager
# releaseall() from an optimize hook, which runs while a trace is being
# compiled: the trace may be a bridge of a live trace or jump into one, and
# releasing them then freed code the new trace was about to patch or enter
# (SIGSEGV). The release now waits until the trace is installed, and drops
# it too. Found by tools/fuzz.py --target hooks.
import pypyjit

calls = [0]
def ho(jd, kind, key, ops):
    calls[0] += 1
    pypyjit.releaseall()
pypyjit.set_optimize_hook(ho)

def f(n):
    v = []
    i = 0
    while i < n:
        i += 1
        v = ([int(str(i)) for q in range(7)] + v)[-12:]
    return v
print(f(3000))

def g(n):
    s = 0
    for i in range(n):
        if i % 3 == 0:
            s += i
        elif i % 5 == 0:
            s -= 1
        else:
            s ^= i
    return s
print(g(20000), g(5000))
pypyjit.set_optimize_hook(None)
print(calls[0] > 0, pypyjit.get_stats_asmmemmgr()[1] >= 0)
