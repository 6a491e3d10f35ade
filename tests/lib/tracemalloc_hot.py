# tracemalloc with hot code: loops the JIT compiled before tracing started,
# tracing started and stopped inside a hot loop, generators; every traced
# allocation must carry the line that made it.
import gc
import os
import tracemalloc


def make(n):
    out = []
    for i in range(n):
        out.append(bytes(200 + i % 7))
    return out


def lines_of(objs):
    seen = set()
    for o in objs:
        tb = tracemalloc.get_object_traceback(o)
        if tb is None:
            seen.add(None)
        else:
            seen.add(tuple((os.path.basename(f.filename), f.lineno - make.__code__.co_firstlineno) for f in tb))
    return sorted(seen, key=repr)


make(20000)                       # hot before tracing
tracemalloc.start(2)
objs = make(3000)
print('after warm-up', lines_of(objs))


def gen(n):
    for i in range(n):
        yield bytearray(64 + i % 3)


objs = list(gen(3000))
tb = {tuple((f.lineno - gen.__code__.co_firstlineno) for f in tracemalloc.get_object_traceback(o)) for o in objs}
print('generator', sorted(tb))
tracemalloc.stop()

# start inside a hot loop: the objects allocated after start() are traced
# (whatever line compiled code was at, there is a traceback)
kept = []
for i in range(30000):
    b = bytes(100 + i % 5)
    if i == 20000:
        tracemalloc.start()
    if i > 20000 and i % 1000 == 0:
        kept.append(b)
print('started in loop', all(tracemalloc.get_object_traceback(b) is not None for b in kept), len(kept))
tracemalloc.stop()

# stop inside a hot loop
tracemalloc.start()
for i in range(30000):
    b = bytes(100 + i % 5)
    if i == 15000:
        tracemalloc.stop()
print('stopped in loop', tracemalloc.is_tracing(), tracemalloc.get_object_traceback(b))

# many objects, most collected: the traced size follows
tracemalloc.start()
base = tracemalloc.get_traced_memory()[0]
keep = []
for i in range(100000):
    x = bytes(1000)
    if i % 100 == 0:
        keep.append(x)
del x
gc.collect()
gc.collect()   # a second time: a conservative collector may keep a block once
cur = tracemalloc.get_traced_memory()[0] - base
print('kept 1000 of 100000 blocks of 1000 bytes', 1000 * 1000 <= cur < 4 * 1000 * 1000)
snap = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(True, __file__)])
top = snap.statistics('lineno')[0]
print('top', top.traceback[0].lineno, 1000 <= top.count <= 1010, top.size >= 1000 * 1000)
tracemalloc.stop()
