# A thread importing a module another thread is still importing waits for
# it (CPython's per-module import locks) instead of taking the partially
# initialized module; a fork waits for imports in progress (the import lock).
import os, sys, tempfile, threading, time

d = tempfile.mkdtemp()
with open(os.path.join(d, "slowmod.py"), "w") as f:
    f.write("import time\nfirst = 1\ntime.sleep(0.05)\nlast = 2\n")
with open(os.path.join(d, "cyc_a.py"), "w") as f:
    f.write("import time\ntime.sleep(0.02)\nimport cyc_b\nA = 'a'\n")
with open(os.path.join(d, "cyc_b.py"), "w") as f:
    f.write("import time\ntime.sleep(0.02)\nimport cyc_a\nB = 'b'\n")
sys.path.insert(0, d)

results = []
def importer():
    import slowmod
    results.append((slowmod.first, getattr(slowmod, "last", "partial")))
threads = [threading.Thread(target=importer) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(sorted(results))

# two threads importing each other's modules: neither waits forever
done = []
def imp(name):
    __import__(name)
    done.append(name)
ta = threading.Thread(target=imp, args=("cyc_a",))
tb = threading.Thread(target=imp, args=("cyc_b",))
ta.start(); tb.start(); ta.join(); tb.join()
print(sorted(done), sys.modules["cyc_a"].A, sys.modules["cyc_b"].B)

import _imp
state = []
def holder():
    _imp.acquire_lock()
    sys.modules["fake module"] = "partial"
    started.set()
    time.sleep(0.02)
    sys.modules["fake module"] = "complete"
    _imp.release_lock()
started = threading.Event()
t = threading.Thread(target=holder)
t.start()
started.wait()
pid = os.fork()
if pid == 0:
    os._exit(42 if sys.modules["fake module"] == "complete" else 1)
t.join()
print(os.waitpid(pid, 0)[1] >> 8, _imp.lock_held())
try:
    _imp.release_lock()
except RuntimeError as e:
    print("RuntimeError", e)
