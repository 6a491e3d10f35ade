# _queue.SimpleQueue: FIFO order, the non-blocking and timed gets, errors,
# subclasses, and producers and consumers in threads (the blocked get lets
# other threads run)
import _queue
import queue
import threading
import time
import weakref

print(queue.SimpleQueue is _queue.SimpleQueue, queue.Empty is _queue.Empty)
print(_queue.SimpleQueue, _queue.Empty, _queue.Empty.__mro__)
print(_queue.SimpleQueue[int], _queue.SimpleQueue.__module__)

q = _queue.SimpleQueue()
print(q.empty(), q.qsize())
for i in range(5):
    q.put(i)
q.put_nowait("x")
q.put(None, block=False, timeout=3)
q.put(item=[1, 2])
print(q.empty(), q.qsize())
print([q.get() for _ in range(3)], q.get_nowait(), q.get(False), q.get(block=True, timeout=1))
print(q.get(timeout=None), q.get(), q.qsize(), q.empty())


def err(f, *args, **kw):
    try:
        r = f(*args, **kw)
    except Exception as e:
        print(type(e).__name__, repr(e))
    else:
        print("no error", r)


err(q.get_nowait)
err(q.get, False)
err(q.get, block=False, timeout=5)
t0 = time.monotonic()
err(q.get, timeout=0.1)
print(time.monotonic() - t0 >= 0.09)
err(q.get, True, 0)
err(q.get, timeout=-1)
err(q.get, timeout="x")
err(q.get, 1, 2, 3)
err(q.put)
err(q.put, 1, 2, 3, 4)
err(q.put, 1, bogus=2)
err(q.put_nowait)
err(q.qsize, 1)
err(q.qsize, a=1)
err(q.empty, 1)
err(q.get_nowait, 1)
err(_queue.SimpleQueue, 1)
err(_queue.SimpleQueue, x=1)
print(isinstance(queue.Empty(), Exception))

# wraparound and growth of the buffer
q = _queue.SimpleQueue()
out = []
for i in range(100):
    for j in range(i % 7):
        q.put((i, j))
    for j in range(i % 5):
        if not q.empty():
            out.append(q.get())
while not q.empty():
    out.append(q.get())
print(len(out), out == sorted(out))

# a subclass, with attributes; weak references
class MyQueue(_queue.SimpleQueue):
    def put(self, item):
        super().put(item * 2)


m = MyQueue()
m.tag = "t"
m.put(21)
print(m.get(), m.tag, type(m).__name__)
print(weakref.ref(m)() is m)

# one producer, several consumers: each item arrives once
q = _queue.SimpleQueue()
results = []
lock = threading.Lock()


def consumer():
    while True:
        item = q.get()
        if item is None:
            return
        with lock:
            results.append(item)


threads = [threading.Thread(target=consumer) for _ in range(4)]
for t in threads:
    t.start()
for i in range(2000):
    q.put(i)
    if i % 500 == 0:
        time.sleep(0.01)
for t in threads:
    q.put(None)
for t in threads:
    t.join()
print(len(results), sorted(results) == list(range(2000)))

# a get waiting in one thread is woken by a put in another
q = _queue.SimpleQueue()
got = []
t = threading.Thread(target=lambda: got.append(q.get(timeout=30)))
t.start()
time.sleep(0.1)
q.put("late")
t.join()
print(got)

# a timed get in a thread times out while the main thread runs
t = threading.Thread(target=lambda: err(q.get, timeout=0.05))
t.start()
t.join()

# a hot loop (the JIT compiles it)
q = _queue.SimpleQueue()
total = 0
for i in range(20000):
    q.put(i)
    if i % 3 == 0:
        total += q.get()
while not q.empty():
    total -= q.get_nowait()
print(total)
