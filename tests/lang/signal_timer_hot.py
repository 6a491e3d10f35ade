# A handler installed with signal.signal(SIGALRM, ...) fires inside compiled
# code: each loop below ends only when the handler has run, and the timer
# fires while the loop runs (compiled: after 1,039 iterations by default,
# at once in eager mode). The handler runs at the loop's back edge (the
# compiled code leaves through its signal guard), in a bridge, in a
# generator's body run inline, and the handler's exception unwinds through
# the loop's try/finally.
import signal, time

fired = 0
def on_alarm(signum, frame):
    global fired
    fired += 1
signal.signal(signal.SIGALRM, on_alarm)

def wait_plain():
    i = 0
    while not fired:
        i += 1
    return i > 1000

def wait_branchy():
    i = j = k = 0
    while not fired:
        i += 1
        if i % 3 == 0:       # a guard that fails often: a bridge
            j += 1
        else:
            k += 2
    return j + k > 1000

def counter():
    n = 0
    while True:
        n += 1
        yield n

def wait_generator():
    for n in counter():      # the generator runs inline in the loop's trace
        if fired:
            return n > 1000

for wait in (wait_plain, wait_branchy, wait_generator):
    fired = 0
    signal.setitimer(signal.ITIMER_REAL, 0.05)
    print(wait.__name__, wait(), fired)

class Stop(Exception):
    pass

def stopper(signum, frame):
    raise Stop(signum)

def spin(log):
    total = 0
    try:
        while True:
            total += 3
            total %= 1000003
    finally:
        log.append("finally")

signal.signal(signal.SIGALRM, stopper)
for n in range(3):
    log = []
    signal.setitimer(signal.ITIMER_REAL, 0.02)
    try:
        spin(log)
    except Stop as e:
        print("stopped", e.args[0] == signal.SIGALRM, log)

# time.sleep is interrupted by the handler's exception, and sleeps the rest
# of its time when the handler returns
signal.signal(signal.SIGALRM, stopper)
signal.setitimer(signal.ITIMER_REAL, 0.05)
t = time.monotonic()
try:
    time.sleep(30)
except Stop:
    print("sleep interrupted", time.monotonic() - t < 10)
fired = 0
signal.signal(signal.SIGALRM, on_alarm)
signal.setitimer(signal.ITIMER_REAL, 0.02)
t = time.monotonic()
time.sleep(0.1)
print("sleep resumed", fired, time.monotonic() - t >= 0.1)

# a periodic timer keeps firing into a long compiled computation, whose
# result must not change
fired = 0
signal.setitimer(signal.ITIMER_REAL, 0.001, 0.001)
def work(n):
    s = 0
    for i in range(n):
        s += i * i % 7
    return s
r = work(3000000)
signal.setitimer(signal.ITIMER_REAL, 0)
print("work", r, fired > 0)
