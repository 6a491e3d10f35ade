# time.time() and time.perf_counter() return increasing floats (never printed).
import time
t0 = time.time()
p0 = time.perf_counter()
print(type(t0).__name__, type(p0).__name__)
x = 0
for i in range(200000):
    x += i
t1 = time.time()
p1 = time.perf_counter()
print(t1 >= t0, p1 > p0, p1 - p0 < 60)
print(t0 > 1.5e9)
last = time.perf_counter()
ok = True
for i in range(1000):
    now = time.perf_counter()
    if now < last:
        ok = False
    last = now
print('monotonic', ok)
time.sleep(0.01)
print(time.perf_counter() - last >= 0.009)
print(x)
