# Threads that ended are collected once nothing refers to them: a thread's
# frame stack is freed when it ends (it used to stay a GC root, keeping the
# Thread alive through its _bootstrap frame, and leaking 256 KiB).
# threading._dangling is the WeakSet CPython's test support watches.
import threading, gc, _thread

def work(n):
    return sum(range(n))

for i in range(20):
    t = threading.Thread(target=work, args=(1000,))
    t.start()
    t.join()
del t
for _ in range(3):
    gc.collect()
# the main thread stays; a conservative collector may keep one or two more
print(len(threading._dangling) <= 3, _thread._count())
