# tpy-test: no-regen modes=default,eager
# get_stats_snapshot(): PyPy's 26 counters in PyPy's order, counter_times,
# and loop_run_times, which (unlike PyPy) enable_debug() fills: every loop
# compiled while debugging is on counts its entries ('e', loop_no) and the
# iterations at its label ('l', label number).
import pypyjit

snap = pypyjit.get_stats_snapshot()
print(type(snap).__name__, [a for a in dir(snap) if not a.startswith('__')])
print(list(snap.counters))
print(snap.loop_run_times)
tracing_before = snap.counters['TRACING']

def f(n):
    s = 0
    for i in range(n):
        s += i
    return s
print(f(20000))
s1 = pypyjit.get_stats_snapshot()
print(s1.counters['TRACING'] >= 1, s1.counters['BACKEND'] >= 1, s1.counters['TOTAL_COMPILED_LOOPS'] >= 1)
print(s1.counters['OPS'] >= s1.counters['GUARDS'] > 0, s1.counters['OPT_OPS'] > 0)
print(all(type(v).__name__ == 'int' and v >= 0 for v in s1.counters.values()))
print(all(type(v).__name__ == 'float' and v >= 0.0 for v in s1.counter_times.values()))
print("no debug, no run counts:", s1.loop_run_times)
print(snap.counters['TRACING'] == tracing_before, "(a snapshot is a copy)")

infos = []
pypyjit.set_compile_hook(infos.append)
pypyjit.enable_debug()
def g(n):
    s = 0
    for i in range(n):
        s += i * 2
    return s
print(g(30000))
pypyjit.disable_debug()
pypyjit.set_compile_hook(None)
info = [i for i in infos if i.type == 'loop' and i.greenkey[0].co_name == 'g'][0]
times = pypyjit.get_stats_snapshot().loop_run_times
print(sorted(set(k[0] for k in times) - {'b'}), set(k[0] for k in times) <= {'b', 'e', 'l'})
e = times[('e', info.loop_no)]
labels = [op for op in info.operations if op.name == 'label']
label_no = int(repr(labels[0]).split('TargetToken(')[1].rstrip(')'))
l = times[('l', label_no)]
print("entered", e >= 1, "iterations at the label", 1000 < l <= 30000, l >= e)
print(g(30000))
times2 = pypyjit.get_stats_snapshot().loop_run_times
print("counting goes on:", times2[('l', label_no)] - l >= 29000)
