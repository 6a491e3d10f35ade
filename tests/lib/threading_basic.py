import threading, time, sys
print(sys.getswitchinterval())
out = []
def work(i):
    time.sleep(0.01 * (3 - i))
    out.append(i)
ts = [threading.Thread(target=work, args=(i,)) for i in range(3)]
for t in ts: t.start()
for t in ts: t.join()
print(sorted(out), threading.active_count())
# a CPU-bound thread and the main thread both progress
stop = False
count = [0, 0]
def spin():
    while not stop:
        count[0] += 1
t = threading.Thread(target=spin)
t.start()
t0 = time.time()
while time.time() - t0 < 0.2:
    count[1] += 1
stop = True
t.join()
print(count[0] > 0, count[1] > 0)
ev = threading.Event()
res = []
def waiter():
    ev.wait()
    res.append("woke")
w = threading.Thread(target=waiter); w.start()
time.sleep(0.02)
ev.set(); w.join()
print(res)
cond = threading.Condition()
items = []
def producer():
    for i in range(5):
        with cond:
            items.append(i)
            cond.notify()
p = threading.Thread(target=producer)
got = []
p.start()
while len(got) < 5:
    with cond:
        while not items:
            cond.wait(0.1)
        got.append(items.pop(0))
p.join()
print(got)
def boom():
    raise ValueError("in thread")
b = threading.Thread(target=boom, name="Boomer")
b.start(); b.join()
print("after")
loc = threading.local()
loc.v = 1
def g():
    loc.v = 2
t = threading.Thread(target=g); t.start(); t.join()
print(loc.v, threading.current_thread().name, threading.main_thread() is threading.current_thread())
d = threading.Thread(target=lambda: time.sleep(100), daemon=True)
d.start()
print("exit")
