# time: the checks asctime/strftime/mktime make on a time tuple (CPython's
# gettmarg and checktm), ctime's failure, and the clock functions by id
import time, threading

def show(f, *args):
    try:
        print(repr(f(*args)))
    except Exception as e:
        print(type(e).__name__, e)

def ymd(y, *rest):
    return (y,) + rest + (0,) * (8 - len(rest))

fmt = lambda t: time.strftime('%Y-%m-%d %H:%M:%S %j', t)
for f in (time.asctime, fmt):
    show(f, (1900, 0, 1, 0, 0, 0, 0, 1, -1))
    show(f, (1900, 1, 0, 0, 0, 0, 0, 0, -1))
    show(f, (2000, 12, 31, 23, 59, 61, 6, 366, 1))
    show(f, (2000, 1, 1, 0, 0, 0, -1, 1, 0))
    for bad in [(1900, -1, 1, 0, 0, 0, 0, 1, -1), (1900, 13, 1, 0, 0, 0, 0, 1, -1),
                (1900, 1, -1, 0, 0, 0, 0, 1, -1), (1900, 1, 32, 0, 0, 0, 0, 1, -1),
                (1900, 1, 1, 24, 0, 0, 0, 1, -1), (1900, 1, 1, 0, 60, 0, 0, 1, -1),
                (1900, 1, 1, 0, 0, 62, 0, 1, -1), (1900, 1, 1, 0, 0, 0, -2, 1, -1),
                (1900, 1, 1, 0, 0, 0, 0, -1, -1), (1900, 1, 1, 0, 0, 0, 0, 367, -1)]:
        show(f, bad)
for y in (1, 999, 12345, 123456789, -1, -1234567890, 2**31 - 1, -2**31 + 1900):
    show(lambda y: time.asctime(ymd(y)).split()[-1], y)
    show(lambda y: time.strftime('%Y', ymd(y)), y)
for t in [ymd(-2**31 + 1899), ymd(2**31), ymd(-2**31 - 1), ymd(2000, 2**31), ymd(2000, -2**31 - 1),
          ymd(2000, 1.5), (2000,) * 8, [2000] * 9]:
    for f in (time.asctime, lambda t: time.strftime('', t), time.mktime):
        show(f, t)
show(time.ctime, 2**60)
show(time.ctime, 2**63)
show(time.localtime, 2**60)

c = time.pthread_getcpuclockid(threading.get_ident())
print(type(c).__name__, c != time.CLOCK_THREAD_CPUTIME_ID, time.clock_gettime(c) <= time.clock_gettime(c))
show(time.clock_settime, time.CLOCK_MONOTONIC, 0)
show(time.clock_settime_ns, time.CLOCK_MONOTONIC, 0)
show(time.clock_settime_ns, time.CLOCK_MONOTONIC, 1.5)
show(time.clock_settime, time.CLOCK_MONOTONIC, float('nan'))
