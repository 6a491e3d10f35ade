# gc.collect() finds what the program dropped even when the code around it
# is compiled (the eager mode of tests/run.py compiles every function):
# a compiled caller's frame is left alone, the interpreted frames are
# cleaned, and a compiled function's result leaves no stale root behind.
import gc, weakref

class Obj:
    pass

def dropped_with_del():
    o = Obj()
    r = weakref.ref(o)
    del o
    gc.collect()
    return r() is None

def dropped_with_none():
    o = Obj()
    r = weakref.ref(o)
    o = None
    gc.collect()
    return r() is None

class Views:
    def view(self, b):
        return memoryview(b)

    def cycle_through_view(self):
        out = []
        for tp in (bytes, bytearray, bytes):
            class Source(tp):
                pass
            b = Source(tp(b'abc'))
            m = self.view(b)
            o = Obj()
            b.m = m
            b.o = o
            wr = weakref.ref(o)
            b = m = o = None
            gc.collect()
            out.append(wr() is None)
        return out

def call(f):
    return f()

for i in range(4):
    print(call(dropped_with_del), call(dropped_with_none), Views().cycle_through_view())
