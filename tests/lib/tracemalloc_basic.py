# tracemalloc on top of _tracemalloc: a 1 MiB bytes object allocated at a
# known line shows up in the statistics and disappears after del +
# gc.collect(); sizes are tpy's own, so only bounds are printed.
import gc
import os
import sys
import tracemalloc

MB = 1 << 20
THIS = os.path.basename(__file__)


def where(tb):
    return [(os.path.basename(f.filename), f.lineno) for f in tb]


def alloc_big():
    return b'x' * MB


class Thing:
    def __init__(self, n):
        self.items = [bytes(n) for i in range(3)]


def alloc_list(n):
    return Thing(n)


print(tracemalloc.is_tracing(), tracemalloc.get_traced_memory())
print(tracemalloc._get_traces(), tracemalloc.get_object_traceback(object()))
tracemalloc.start()
print(tracemalloc.is_tracing(), tracemalloc.get_traceback_limit())

BIG_LINE = alloc_big.__code__.co_firstlineno + 1
print('allocation line', BIG_LINE)
big = alloc_big()
tb = tracemalloc.get_object_traceback(big)
print('object traceback', where(tb), len(tb))
cur, peak = tracemalloc.get_traced_memory()
print('current >= 1 MiB', cur >= MB, 'peak >= current', peak >= cur)

snap = tracemalloc.take_snapshot()
snap = snap.filter_traces([tracemalloc.Filter(True, __file__)])
stats = snap.statistics('lineno')
top = stats[0]
print('top line', where(top.traceback), top.count, top.size >= MB)
fstats = snap.statistics('filename')
print('file stats', [(os.path.basename(s.traceback[0].filename), s.size >= MB) for s in fstats])
tstats = snap.statistics('traceback')
print('traceback stats top', where(tstats[0].traceback), tstats[0].size >= MB)

# a traced object with several frames
tracemalloc.stop()
print('after stop', tracemalloc.is_tracing(), tracemalloc.get_traced_memory(),
      tracemalloc._get_traces(), tracemalloc.get_object_traceback(big))
tracemalloc.start(5)
print('limit', tracemalloc.get_traceback_limit())


def outer():
    return middle()


def middle():
    return alloc_big()


big2 = outer()
tb = tracemalloc.get_object_traceback(big2)
print('5 frames', where(tb), tb.total_nframe)
lst = alloc_list(1000)
print('items', where(tracemalloc.get_object_traceback(lst.items[2])))

# gone after del + gc.collect(). A conservative collector may keep a block
# a few collections (a stale copy of its address in a C frame), or for good
# when some word happens to point into it: of two 1 MiB blocks dropped in
# turn, one must go within five collections.
def drop_and_collect(blocks):
    snap1 = tracemalloc.take_snapshot()
    before = tracemalloc.get_traced_memory()[0]
    blocks.clear()
    for attempt in range(5):
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        if before - after >= MB:
            break
    snap2 = tracemalloc.take_snapshot()
    diff = [d for d in snap2.compare_to(snap1, 'lineno')
            if d.traceback[0].lineno == BIG_LINE and d.traceback[0].filename == __file__]
    return before - after >= MB, [(d.size_diff <= -MB, d.count_diff) for d in diff]


blocks = [big2]
del big2, tb
freed, diff = drop_and_collect(blocks)
if not freed:
    blocks.append(outer())
    freed, diff = drop_and_collect(blocks)
print('freed >= 1 MiB', freed)
print('diff at allocation line', diff)

# peak stays until reset_peak()
cur, peak = tracemalloc.get_traced_memory()
print('peak >= 1 MiB', peak >= MB)
tracemalloc.reset_peak()
cur, peak = tracemalloc.get_traced_memory()
print('after reset_peak', peak == cur or peak - cur < MB)

# clear_traces() forgets what was traced
obj = alloc_list(10).items[0]
print('before clear', tracemalloc.get_object_traceback(obj) is not None)
tracemalloc.clear_traces()
print('after clear', tracemalloc.get_object_traceback(obj), tracemalloc.get_traced_memory()[0] < MB)
print('tracemalloc memory', tracemalloc.get_tracemalloc_memory() > 0)

# traces of equal tracebacks share their tuple
def twice():
    return [bytes(100) for _ in range(2)]


pair = twice()
LINE = twice.__code__.co_firstlineno + 1
traces = [t for t in tracemalloc._get_traces()
          if t[2][0] == (__file__, LINE) and len(t[2]) == 3 and 100 <= t[1] < 200]
print('shared', len(traces), len({id(t[2]) for t in traces}), traces[0][0], traces[0][3],
      [(os.path.basename(f), n - LINE) for f, n in traces[0][2]])


# errors
for bad in (0, -1, 65536, 2**30):
    try:
        tracemalloc.start(bad)
    except ValueError as e:
        print('ValueError', e)
for bad in ('1', 1.5):
    try:
        tracemalloc.start(bad)
    except TypeError as e:
        print('TypeError', e)
try:
    tracemalloc.start(2**70)
except OverflowError as e:
    print('OverflowError', e)
try:
    tracemalloc.start(nframe=2)
except TypeError as e:
    print('TypeError', e)
print(tracemalloc.get_traceback_limit())
tracemalloc.start(3)   # while tracing: the limit stays
print(tracemalloc.get_traceback_limit())
tracemalloc.stop()
tracemalloc.stop()
print(tracemalloc.is_tracing(), tracemalloc.get_traceback_limit())
