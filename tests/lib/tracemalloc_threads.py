# allocations of several threads are traced, each with its own thread's frames
import tracemalloc, threading, gc
tracemalloc.start(3)
out = []
def work(k):
    for i in range(20000):
        b = bytes(50 + i % 10)
        if i % 1000 == 0:
            out.append(b)
ts = [threading.Thread(target=work, args=(k,)) for k in range(4)]
for t in ts: t.start()
for t in ts: t.join()
gc.collect()
print(len(out), all(tracemalloc.get_object_traceback(b) is not None for b in out))
print({tracemalloc.get_object_traceback(b)[-1].lineno for b in out})
snap = tracemalloc.take_snapshot()
print(snap.statistics('lineno')[0].traceback[0].lineno > 0)
