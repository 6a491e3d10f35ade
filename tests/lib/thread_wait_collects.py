# A thread that waits long for a lock lets the collector run: what reference
# counting frees at once, and whose finalizer or weak reference callback the
# wait depends on, is found (CPython's test_concurrent_futures deletes an
# executor and then joins its threads, which end on the executor's weakref
# callback).
import threading, weakref
from concurrent import futures

executor = futures.ThreadPoolExecutor(max_workers=3)
results = executor.map(abs, range(-5, 5))
threads = list(executor._threads)
del executor
for t in threads:
    t.join()
print(list(results), [t.is_alive() for t in threads])


# the same with a plain weak reference callback that releases a lock
class Resource:
    pass


released = threading.Lock()
released.acquire()
r = Resource()
ref = weakref.ref(r, lambda _: released.release())
del r
print(released.acquire(timeout=30))
