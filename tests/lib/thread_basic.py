import _thread, time
lock = _thread.allocate_lock()
results = []
done = _thread.allocate_lock()
done.acquire()
n = 0
def worker(k):
    global n
    for i in range(100000):
        with lock:
            n += 1
    results.append(k)
    if len(results) == 4:
        done.release()
for k in range(4):
    _thread.start_new_thread(worker, (k,))
done.acquire()
print(sorted(results), n)
print(_thread.get_ident() != 0, type(lock).__name__)
r = _thread.RLock()
with r:
    with r:
        print(r._is_owned())
print(r._is_owned())
loc = _thread._local()
loc.x = 1
seen = []
def f():
    seen.append(hasattr(loc, 'x'))
    loc.x = 2
    seen.append(loc.x)
    done.release()
_thread.start_new_thread(f, ())
done.acquire()
print(seen, loc.x)
print(lock.acquire(False), lock.acquire(False), lock.acquire(timeout=0.05))
