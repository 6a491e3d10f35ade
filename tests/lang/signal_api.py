# The signal module's API, constants and errors, as CPython 3.11 has them.
import signal

print(signal.SIGINT, repr(signal.SIGINT), signal.Signals(6), repr(signal.SIGIOT))
print(len(list(signal.Signals)), list(signal.Signals)[:3], list(signal.Signals)[-3:])
print(repr(signal.Signals), signal.Signals['SIGCLD'], signal.SIGTERM.name, signal.SIGTERM.value)
print(isinstance(signal.SIGINT, int), signal.SIGINT == 2, signal.SIGINT + 1, format(signal.SIGUSR1, '03d'))
print(repr(signal.SIG_DFL), repr(signal.SIG_IGN), list(signal.Handlers), list(signal.Sigmasks))
print(signal.NSIG, signal.SIGRTMIN, signal.SIGRTMAX, signal.ITIMER_REAL, signal.ITIMER_VIRTUAL, signal.ITIMER_PROF)
print(signal.getsignal(signal.SIGINT) is signal.default_int_handler)
print(repr(signal.getsignal(signal.SIGPIPE)), repr(signal.getsignal(signal.SIGXFSZ)), repr(signal.getsignal(signal.SIGUSR1)))
print(signal.strsignal(signal.SIGINT), signal.strsignal(signal.SIGUSR1), signal.strsignal(34), repr(signal.strsignal(31)))
print(sorted(signal.valid_signals()) == sorted(set(range(1, 32)) | set(range(34, 65))))
print(signal.ItimerError.__name__, signal.ItimerError.__module__, issubclass(signal.ItimerError, OSError))

got = []
def handler(signum, frame):
    got.append((signum, type(frame).__name__, frame.f_code.co_name))
print(repr(signal.signal(signal.SIGUSR1, handler)))
signal.raise_signal(signal.SIGUSR1)
def inner():
    signal.raise_signal(signal.SIGUSR1)
inner()
print(got)
print(signal.getsignal(signal.SIGUSR1) is handler)
print(signal.signal(signal.SIGUSR1, signal.SIG_IGN) is handler)
signal.raise_signal(signal.SIGUSR1)          # ignored
print(repr(signal.signal(signal.SIGUSR1, signal.SIG_DFL)))
print(repr(signal.getsignal(signal.SIGUSR1)))

for args in [(0, signal.SIG_DFL), (65, signal.SIG_DFL), (signal.SIGKILL, signal.SIG_DFL),
             (signal.SIGSTOP, handler), (2, 5), (2, None), ("x", 1), (2,)]:
    try:
        signal.signal(*args)
    except Exception as e:
        print(type(e).__name__, e)
for bad in (0, 65, "x"):
    try:
        signal.getsignal(bad)
    except Exception as e:
        print(type(e).__name__, e)
try:
    signal.setitimer(99, 1)
except signal.ItimerError as e:
    print("ItimerError", e.errno, e)
try:
    signal.setitimer(signal.ITIMER_REAL, -1)
except signal.ItimerError as e:
    print("ItimerError", e.errno, e)
try:
    signal.pthread_sigmask(signal.SIG_BLOCK, [99])
except ValueError as e:
    print("ValueError", e)
try:
    signal.default_int_handler()
except TypeError as e:
    print("TypeError", e)
try:
    signal.default_int_handler(2, None)
except KeyboardInterrupt as e:
    print("KeyboardInterrupt", repr(e))
try:
    signal.set_wakeup_fd(12345)
except OSError as e:
    print(type(e).__name__, e)
print(signal.set_wakeup_fd(-1))

print(signal.alarm(0), signal.getitimer(signal.ITIMER_REAL), signal.setitimer(signal.ITIMER_REAL, 0))
print(signal.setitimer(signal.ITIMER_REAL, 100, 2)[0], signal.getitimer(signal.ITIMER_REAL)[1])
print(signal.setitimer(signal.ITIMER_REAL, 0)[1], signal.alarm(0))

# a blocked signal waits until it is unblocked, then its handler runs
signal.signal(signal.SIGUSR2, handler)
got.clear()
print(signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGUSR2]))
signal.raise_signal(signal.SIGUSR2)
print(got, signal.sigpending())
print(signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGUSR2]))
print(got, signal.sigpending())

# siginterrupt keeps the handler
signal.siginterrupt(signal.SIGUSR2, False)
print(signal.getsignal(signal.SIGUSR2) is handler)

# a handler that raises: the exception comes out where the program was
def raiser(signum, frame):
    raise RuntimeError("from handler %d" % signum)
signal.signal(signal.SIGUSR1, raiser)
try:
    signal.raise_signal(signal.SIGUSR1)
except RuntimeError as e:
    print("caught", e)
