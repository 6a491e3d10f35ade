# posix: blocking calls interrupted by a signal run the Python handler and
# retry (PEP 475); a handler that raises ends the call with its exception
import posix, signal

r, w = posix.pipe()
calls = []
armed = [True]

def handler(signum, frame):
    calls.append(signum)
    if len(calls) == 3 and armed[0]:
        posix.write(w, b"woken")

signal.signal(signal.SIGALRM, handler)
signal.setitimer(signal.ITIMER_REAL, 0.02, 0.02)
data = posix.read(r, 100)
signal.setitimer(signal.ITIMER_REAL, 0)
print(data, len(calls) >= 3, set(calls) == {signal.SIGALRM})
armed[0] = False

# waitpid retried the same way
import sys
sys.stdout.flush()
pid = posix.fork()
if pid == 0:
    import time
    time.sleep(0.2)
    posix._exit(4)
calls.clear()
signal.setitimer(signal.ITIMER_REAL, 0.02, 0.02)
p, status = posix.waitpid(pid, 0)
signal.setitimer(signal.ITIMER_REAL, 0)
print(p == pid, posix.WEXITSTATUS(status), len(calls) >= 1)

class Stop(Exception):
    pass

def raiser(signum, frame):
    raise Stop("from the handler")

signal.signal(signal.SIGALRM, raiser)
signal.setitimer(signal.ITIMER_REAL, 0.05)
try:
    posix.read(r, 100)
except Stop as e:
    print("Stop", e)
signal.setitimer(signal.ITIMER_REAL, 0)
signal.signal(signal.SIGALRM, signal.SIG_DFL)

# a signal sent to ourselves runs its handler before kill() returns
seen = []
signal.signal(signal.SIGUSR1, lambda s, f: seen.append(s))
posix.kill(posix.getpid(), signal.SIGUSR1)
print(seen == [signal.SIGUSR1])
posix.close(r)
posix.close(w)
