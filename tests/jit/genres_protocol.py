# next()/send()/throw()/close() on generators whose bodies run as generator
# resume traces (trace.c jit_gen_resume): return values, exceptions raised
# in the body (the traceback entries), PEP 479, a generator abandoned
# mid-way, inspection from inside the body, sys.settrace while hot.
import sys
import traceback


def counter(n):
    total = 0
    i = 0
    while i < n:
        got = yield total
        if got is not None:
            total += got
        else:
            total += i
        i += 1
    return total * 2


def drive(n, send_every):
    g = counter(n)
    next(g)
    last = None
    try:
        i = 0
        while True:
            if send_every and i % send_every == 0:
                last = g.send(i * 1.5 if i > n // 2 else i)
            else:
                last = next(g)
            i += 1
    except StopIteration as e:
        return last, e.value


print('drive', drive(5000, 0))
print('drive send', drive(5000, 3))


def raiser(data):
    for x in data:
        yield 10 // x


def tb_summary():
    return [(fs.name, fs.lineno, fs.line) for fs in traceback.extract_tb(sys.exc_info()[2])]


data = [1, 2, 5] * 1500 + [0, 4]
for attempt in range(2):
    try:
        print(sum(raiser(data)))
    except ZeroDivisionError as e:
        print('raised', e, tb_summary())


def stopper(data):
    for x in data:
        if x is None:
            raise StopIteration('inside')
        yield x


try:
    print(sum(stopper(list(range(3000)) + [None])))
except RuntimeError as e:
    print('pep479', e, type(e.__cause__).__name__, e.__cause__)


def abandoned(log):
    try:
        for i in range(100000):
            yield i
    finally:
        log.append('finally')


log = []
g = abandoned(log)
print('partial', sum(next(g) for _ in range(4000)))
g.close()
print('closed', log, g.gi_frame)

g = abandoned(log)
for _ in range(4000):
    next(g)
try:
    g.throw(KeyError('boom'))
except KeyError as e:
    print('thrown', repr(e), log)


def thrown_into():
    n = 0
    while True:
        try:
            yield n
            n += 1
        except ValueError as e:
            n = -1000
            yield 'caught %s' % e


t = thrown_into()
for _ in range(3000):
    next(t)
print('throw caught', t.throw(ValueError('v')), next(t), next(t))

gen_ref = None


def inspector(n):
    for i in range(n):
        if i == n - 1:
            fr = gen_ref.gi_frame
            yield (gen_ref.gi_running, fr.f_lineno, sorted(fr.f_locals), fr.f_locals['i'],
                   sys._getframe().f_code.co_name, sys._getframe(1).f_code.co_name)
        else:
            yield i


gen_ref = inspector(4000)
print('inspect', list(gen_ref)[-1])
g2 = inspector(4000)
for _ in range(3000):
    next(g2)
print('suspended at line', g2.gi_frame.f_lineno, g2.gi_frame.f_locals['i'], g2.gi_running)

events = []


def tracer(frame, event, arg):
    if frame.f_code.co_name == 'traced':
        events.append((event, frame.f_lineno - traced.__code__.co_firstlineno))
    return tracer


def traced(n):
    for i in range(n):
        yield i


h = traced(100000)
for _ in range(3000):
    next(h)
sys.settrace(tracer)
first = next(h)
del events[:]   # (the first traced resumption: tpy sends one 'line' event more than CPython)
print('traced values', first, next(h), next(h))
sys.settrace(None)
print('events', events)
print('after trace', next(h), sum(next(h) for _ in range(3000)))
