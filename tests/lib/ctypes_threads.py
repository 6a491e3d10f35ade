# ctypes foreign calls let the interpreter lock go: another thread runs
# while one blocks in C; callbacks take the lock back, from several threads
import threading, time, ctypes, ctypes.util

libc = ctypes.CDLL(ctypes.util.find_library("c"))
ticks = []
stop = []
def spin():
    while not stop:
        ticks.append(time.monotonic())
        time.sleep(0.005)
th = threading.Thread(target=spin)
th.start()
t0 = time.monotonic()
libc.usleep(800000)   # blocks in C for 0.8 s
t1 = time.monotonic()
stop.append(1)
th.join()
# with the lock held through the call no tick could fall well inside it
inside = [t for t in ticks if t0 + 0.2 < t < t1 - 0.2]
print("other thread ran during the call:", len(inside) > 0)

CMP = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int))
def by_value(a, b):
    return a[0] - b[0]
results = []
def sorter(seed):
    cb = CMP(by_value)
    for k in range(100):
        arr = (ctypes.c_int * 6)(*[(seed * 7 + k * i) % 11 for i in range(6)])
        libc.qsort(arr, 6, ctypes.sizeof(ctypes.c_int), cb)
        if list(arr) != sorted(arr):
            results.append("unsorted")
    results.append(seed)
ts = [threading.Thread(target=sorter, args=(s,)) for s in range(4)]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(sorted(results))
