# An exception that a with-block's __exit__ swallowed is garbage once the
# block is done: gc.collect() frees it and its traceback's frames (what the
# failing code referenced), as unittest's assertRaises relies on.
import gc
import weakref

class Payload:
    pass

class Boom(Exception):
    pass

class Swallow:
    def __enter__(self):
        return self
    def __exit__(self, t, v, tb):
        self.seen = t.__name__
        return True

refs = []

def fail():
    p = Payload()              # referenced from the traceback's frame
    refs.append(weakref.ref(p))
    e = Boom()
    refs.append(weakref.ref(e))
    raise e

def run():
    cm = Swallow()
    with cm:
        fail()
    return cm.seen

for i in range(3):
    seen = run()
    gc.collect()   # twice, as test.support.gc_collect(): a finalizable
    gc.collect()   # object that another one references goes one collection later
    print(i, seen, [r() is None for r in refs])
