# tpy-test: no-regen modes=default,eager
# releaseall() frees compiled code at the next safe point (code still on the
# stack survives until it returns); loop_longevity frees loops that are not
# used while newer loops get compiled. Machine-code memory shrinks
# accordingly (get_stats_asmmemmgr: reserved, in use).
import pypyjit

def loop(n):
    s = 0
    for i in range(n):
        s += i
    return s

print(loop(5000))
reserved, used = pypyjit.get_stats_asmmemmgr()
print("code in use:", used > 0, reserved >= used)
pypyjit.releaseall()
print("freed:", pypyjit.get_stats_asmmemmgr()[1] < used,
      pypyjit.get_stats_snapshot().counters['TOTAL_FREED_LOOPS'] >= 1)
print(loop(5000))
print("recompiled:", pypyjit.get_stats_asmmemmgr()[1] > 0)

def release_inside(n):
    # the loop running here keeps its machine code until it returns
    s = 0
    for i in range(n):
        if i == 3000:
            pypyjit.releaseall()
        s += i * 2
    return s

print(release_inside(6000), release_inside(6000))

# loop_longevity: with a short longevity, loops not entered again are freed
# while later loops compile
pypyjit.releaseall()
pypyjit.set_param("loop_longevity=1")
freed_before = pypyjit.get_stats_snapshot().counters['TOTAL_FREED_LOOPS']
src = "def f%d(n):\n    s = 0\n    for i in range(n):\n        s += i ^ %d\n    return s\n"
results = []
for k in range(8):
    ns = {}
    exec(src % (k, k), ns)
    results.append(ns['f%d' % k](3000))
print(sum(results))
print("cold loops freed:", pypyjit.get_stats_snapshot().counters['TOTAL_FREED_LOOPS'] - freed_before >= 4)
pypyjit.set_param("loop_longevity=1000")
