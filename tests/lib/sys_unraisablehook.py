import sys, _thread, time, weakref, gc
def task():
    raise ValueError("task failed")
_thread.start_new_thread(task, ())
time.sleep(0.2)
seen = []
sys.unraisablehook = lambda u: seen.append((u.exc_type.__name__, str(u.exc_value), u.err_msg, u.object is task))
_thread.start_new_thread(task, ())
time.sleep(0.2)
print(seen)
sys.unraisablehook = sys.__unraisablehook__
class A: pass
def cb(r): raise KeyError('cb')
a = A(); r = weakref.ref(a, cb); del a; gc.collect()
class B:
    def __del__(self): raise RuntimeError('del')
b = B(); del b; gc.collect()
print('end')
