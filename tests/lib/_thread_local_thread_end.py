# A thread that ends lets go of its threading.local attributes (CPython
# clears a thread state's locals), so what they held can be collected.
import threading, weakref, gc

class Weak: pass

def target(local, weaklist):
    w = Weak()
    local.weak = w
    weaklist.append(weakref.ref(w))

def run(n):
    local = threading.local()
    local.mine = 'main'
    weaklist = []
    for i in range(n):
        t = threading.Thread(target=target, args=(local, weaklist))
        t.start()
        t.join()
    gc.collect()
    gc.collect()
    dead = sum(w() is None for w in weaklist)
    print(n, len(weaklist), dead >= n - 1, local.mine, hasattr(local, 'weak'))

for n in (5, 20):
    run(n)

# a subclass's __init__ runs again in each new thread
class Sub(threading.local):
    def __init__(self, v):
        self.v = v
        self.seen = []
s = Sub(7)
s.seen.append('main')
def look():
    s.seen.append(threading.current_thread().name)
    print('thread sees', s.v, s.seen)
t = threading.Thread(target=look, name='T1'); t.start(); t.join()
print('main sees', s.v, s.seen)
