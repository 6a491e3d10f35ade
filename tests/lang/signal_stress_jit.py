# A timer firing every 0.2 ms while the JIT compiles, patches in bridges and
# frees hundreds of loops: signal handlers interrupt code being written and
# loops being made to leave (jit/safepoint.h). Results must not change.
# The timer counts the process's CPU time (ITIMER_VIRTUAL), not the wall
# clock: on a loaded machine a wall-clock timer fired ever more often per
# unit of work, each signal making compiled code leave, and the run took
# from 40 s to over a minute.
import signal

fired = 0
def tick(signum, frame):
    global fired
    fired += 1

src = """
def f(n):
    s = 0
    for i in range(n):
        if i %% %d == 0:
            s += i
        else:
            s -= 1
    return s
"""
signal.signal(signal.SIGVTALRM, tick)
signal.setitimer(signal.ITIMER_VIRTUAL, 0.0002, 0.0002)
total = 0
for k in range(3, 300):
    ns = {}
    exec(src % k, ns)
    total += ns['f'](3000)
    total %= 1000000007
signal.setitimer(signal.ITIMER_VIRTUAL, 0)
print(total, fired > 0)

def nested(n):
    acc = 0
    for i in range(n):
        j = 0
        while j < 50:
            acc += (i ^ j) & 7
            j += 1
    return acc

signal.setitimer(signal.ITIMER_VIRTUAL, 0.0002, 0.0002)
results = [nested(400) for _ in range(20)]
signal.setitimer(signal.ITIMER_VIRTUAL, 0)
print(results[0], len(set(results)))
