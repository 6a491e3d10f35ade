# A generator consumed by sum(), set(), max(), list() ... runs as a loop in
# machine code: its compiled yield gives each value to the consumer's batch
# and jumps back to the resume point (record.c record_gen_batch_yield,
# trace.c jit_gen_batch_push). Results, side effects and their order,
# exceptions and tracebacks as CPython's across batch edges (32 values),
# with values changing kind mid-way (the consumer's rule declines), nested
# consumers, two yields per round, threads switching inside the loops,
# sys.settrace and signals arriving mid-way.
import itertools
import signal
import sys
import threading
import traceback


def squares(n):
    for i in range(n):
        yield i * i


def mixed(n):
    # int, then float, then big int, then str: each consumer's rule stops
    # taking values at some kind
    for i in range(n):
        if i < n // 4:
            yield i
        elif i < n // 2:
            yield i + 0.5
        elif i < 3 * n // 4:
            yield i << 70
        else:
            yield 'v%d' % i


log = []


def logged(n):
    for i in range(n):
        log.append(i)
        yield i % 7


def two_yields(n):
    for i in range(n):
        yield i
        yield -i


def raising(n, at):
    for i in range(n):
        if i == at:
            raise ValueError('item %d' % i)
        yield i


def nested(n):
    for i in range(n):
        yield sum(j for j in range(i % 40))


def pulls(n, inner):
    # each round takes one value of another generator through C (islice):
    # that generator's compiled yield must not feed this one's batch
    for i in range(n):
        yield next(itertools.islice(inner, 1)) + i


for rnd in range(3):
    print(sum(squares(1000)), max(squares(777)), min(x - 5 for x in squares(300)))
    print(len(set(squares(500))), sorted(set(x % 97 for x in squares(900)))[:5])
    print(len(list(squares(100))), tuple(squares(40))[-3:], ''.join(str(x % 10) for x in squares(70)))
    print(sum(two_yields(1001)), len(list(two_yields(99))))
    print(sum(nested(300)), max(nested(100)))
    print(sum(pulls(3000, squares(10 ** 6))), len(set(pulls(3000, two_yields(10 ** 6)))))
    for consumer in (list, set, tuple, sorted):
        r = consumer(mixed(200))
        print(consumer.__name__, len(r))
    try:
        print(sum(mixed(400)))
    except TypeError as e:
        print('TypeError', e)
    print(max(mixed(100)[0] if False else x for x in mixed(100) if not isinstance(x, str)))
    del log[:]
    total = 0
    g = logged(100)
    total += sum(x for x, _ in zip(g, range(50)))
    print(total, len(log), next(g), len(log), sum(g), len(log))
    for at in (5, 31, 32, 33, 64, 100):
        try:
            sum(raising(200, at))
        except ValueError as e:
            tb = traceback.extract_tb(e.__traceback__)
            print('ValueError', e, [f.name for f in tb])
    # any/all stop at the deciding value: how far did the generator run?
    del log[:]
    print(any(x == 6 for x in logged(1000)), len(log))
    del log[:]
    print(all(x < 6 for x in logged(1000)), len(log))

# threads switching inside the loops
results = {}


def work(k):
    acc = 0
    for r in range(40):
        acc += sum(i * k for i in range(3000)) + len(set(i % (k + 5) for i in range(200)))
    results[k] = acc


threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results.items()))

# sys.settrace turned on by the generator's body mid-way
events = []


def tracer(frame, event, arg):
    if frame.f_code.co_name == 'turns_tracing_on':
        events.append((event, frame.f_lineno - turns_tracing_on.__code__.co_firstlineno))
    return tracer


def turns_tracing_on(n):
    for i in range(n):
        if i == n - 3:
            sys.settrace(tracer)
        yield i


for n in (20, 200):
    print(sum(turns_tracing_on(n)))
    sys.settrace(None)
    print(events[:6], len(events))
    del events[:]


# a signal handler raising mid-way
class Stop(Exception):
    pass


def handler(signum, frame):
    raise Stop


signal.signal(signal.SIGALRM, handler)


def endless():
    i = 0
    while True:
        yield i & 1
        i += 1


signal.setitimer(signal.ITIMER_REAL, 0.2)
try:
    sum(endless())
except Stop:
    print('interrupted')
finally:
    signal.setitimer(signal.ITIMER_REAL, 0)
