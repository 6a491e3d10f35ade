# _multiprocessing.SemLock: semaphores and recursive locks on POSIX named
# semaphores, their errors, and blocking waits (threads, signals, timeouts)
import _multiprocessing as m
import os, signal, threading, time

RECURSIVE_MUTEX, SEMAPHORE = 0, 1
base = '/tpytest-%d-' % os.getpid()

print(sorted(n for n in dir(m) if n != '__file__'))
print(m.flags, m.SemLock.SEM_VALUE_MAX, m.SemLock.__module__, m.SemLock.__name__)
print(sorted(n for n in dir(m.SemLock) if not n.startswith('__') or n in ('__enter__', '__exit__')))

# a semaphore of value 2, maximum 3, its name unlinked at once
s = m.SemLock(SEMAPHORE, 2, 3, base + 's', True)
print(type(s.handle).__name__, s.handle != 0, s.kind, s.maxvalue, s.name)
print(s.acquire(), s.acquire(), s._count(), s._get_value(), s._is_zero())
print(s.acquire(False), s.acquire(True, 0.05), s.acquire(timeout=-1), s.acquire(block=0))
t0 = time.monotonic(); r = s.acquire(timeout=0.2); dt = time.monotonic() - t0
print('timed out', r, 0.15 < dt < 5)
s.release(); s.release(); s.release()
print(s._count(), s._get_value())
try:
    s.release()
except ValueError as e:
    print('ValueError', e)
print(s._get_value(), s._is_mine())

# a recursive lock, named (kept until sem_unlink)
r = m.SemLock(RECURSIVE_MUTEX, 1, 1, base + 'r', False)
print(r.name == base + 'r', r.kind, r.maxvalue)
try:
    r.release()
except AssertionError as e:
    print('AssertionError', e)
with r:
    print(r._is_mine(), r._count(), r.acquire(), r._count(), r._get_value())
    r.release()
print(r._is_mine(), r._count(), r._get_value())

# another thread does not own it and cannot take it
r.acquire()
res = []
def other():
    res.append((r._is_mine(), r.acquire(False), r.acquire(timeout=0.05)))
    try:
        r.release()
    except AssertionError as e:
        res.append(str(e))
th = threading.Thread(target=other); th.start(); th.join()
print(res)
r.release()

# _rebuild: by name (sem_open again) and by handle (as in a forked child)
r2 = m.SemLock._rebuild(r.handle, r.kind, r.maxvalue, r.name)
print(type(r2).__name__, r2.name == r.name, r2.kind, r2._get_value(), r2._count())
r2.acquire(); print(r._get_value(), r._is_zero()); r2.release()
s2 = m.SemLock._rebuild(s.handle, s.kind, s.maxvalue, None)
print(s2.name, s2._get_value(), s2.handle == s.handle)
r._after_fork()
m.sem_unlink(base + 'r')
try:
    m.sem_unlink(base + 'r')
except OSError as e:
    print(type(e).__name__, e.errno, e.filename)
try:
    m.SemLock._rebuild(0, 0, 1, base + 'gone')
except OSError as e:
    print(type(e).__name__, e.errno)

# a name in use: FileExistsError (synchronize.py then tries another)
a = m.SemLock(SEMAPHORE, 0, 1, base + 'e', False)
try:
    m.SemLock(SEMAPHORE, 0, 1, base + 'e', False)
except OSError as e:
    print(type(e).__name__, e.errno)
m.sem_unlink(base + 'e')

# a subclass
class Sub(m.SemLock):
    pass
u = Sub(SEMAPHORE, 1, 1, base + 'u', True)
print(type(u).__name__, u.acquire(), type(Sub._rebuild(u.handle, 1, 1, None)).__name__)

# argument errors
for args in [(2, 1, 1, base + 'x', True), (0, 1, 1, 5, True), (0, 1.5, 1, base + 'x', True),
             (0, 1, 1, base + 'x\0y', True), (0, 1, 1, base + 'x')]:
    try:
        m.SemLock(*args)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
for call in [lambda: u.acquire(1, 'x'), lambda: u.release(1), lambda: m.sem_unlink(3)]:
    try:
        call()
    except TypeError as e:
        print('TypeError', e)

# a finalizer using a lock that dies with it (a Pool's __del__ puts to its
# queue): the lock still works there
import gc
used = []
class Holder:
    def __init__(self, i):
        self.lock = m.SemLock(SEMAPHORE, 1, 1, base + 'h%d' % i, True)
    def __del__(self):
        used.append(self.lock.acquire(False) and self.lock.release() is None and self.lock._get_value())
for i in range(200):
    Holder(i)
for i in range(3):
    gc.collect()
print('finalizers', len(used), set(used))

# a blocking acquire lets other threads run: one releases it
z = m.SemLock(SEMAPHORE, 0, 1, base + 'z', True)
th = threading.Thread(target=lambda: (time.sleep(0.1), z.release()))
th.start()
print('woken', z.acquire(), z._get_value())
th.join()

# a signal handler runs during the wait; one that raises interrupts it
hits = []
signal.signal(signal.SIGALRM, lambda *a: hits.append(1))
signal.setitimer(signal.ITIMER_REAL, 0.05)
print('after handler', z.acquire(timeout=0.3), hits)
def interrupt(*a):
    raise KeyboardInterrupt
signal.signal(signal.SIGALRM, interrupt)
signal.setitimer(signal.ITIMER_REAL, 0.1)
try:
    z.acquire()
    print('not interrupted')
except KeyboardInterrupt:
    print('KeyboardInterrupt', z._count())
