# A generator resumed while a trace function is set gets 'call' and then
# only the 'line' events of lines it starts: the line of the yield it
# resumes after has begun already (tpy sent a 'line' event for it on the
# first resumption traced, when tracing began after the generator had
# started, and in every resumption of a generator first traced then).
import sys

events = []


def tracer(frame, event, arg):
    if frame.f_code.co_name in ("counter", "pairs", "receiver"):
        events.append((frame.f_code.co_name, event, frame.f_lineno - frame.f_code.co_firstlineno))
    return tracer


def counter(n):
    for i in range(n):
        yield i


def pairs(n):
    i = 0
    while i < n:
        x = yield i
        y = yield (i,
                   x)
        i += 1 if y is None else y


def receiver():
    total = 0
    while True:
        got = yield total
        if got is None:
            return total
        total += got


def run(label, fn):
    del events[:]
    fn()
    print(label, events)


g = counter(5)
next(g)


def resume_started():
    sys.settrace(tracer)
    next(g)
    next(g)
    sys.settrace(None)


run("started before tracing", resume_started)


def traced_from_start():
    sys.settrace(tracer)
    h = counter(3)
    print(list(h))
    sys.settrace(None)


run("traced from the start", traced_from_start)

p = pairs(4)
next(p)


def resume_pairs():
    sys.settrace(tracer)
    p.send(10)
    p.send(None)
    p.send(2)
    sys.settrace(None)


run("send", resume_pairs)

r = receiver()
next(r)


def resume_receiver():
    sys.settrace(tracer)
    r.send(3)
    r.send(4)
    try:
        r.send(None)
    except StopIteration as e:
        print("returned", e.value)
    sys.settrace(None)


run("coroutine-style", resume_receiver)
