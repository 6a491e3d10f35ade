# gc.collect() finds an object the program dropped even when the frame
# that dropped it passed it to calls before (their popped argument slots
# must not keep it alive), in a frame outer to the one calling collect()
import gc, weakref

class Box:
    def size(self):
        return 1

def collect():
    gc.collect()

def eq(a, b):
    return a == b

class T:
    def check(self, a, b):
        return a == b

    def method_args(self):
        s = Box()
        p = weakref.proxy(s)
        self.check(p.size(), s.size())
        s = None
        collect()
        try:
            p.size()
            print('method args: alive')
        except ReferenceError:
            print('method args: dead')

def function_args():
    s = Box()
    r = weakref.ref(s)
    eq(s, s)
    len([s])
    s = None
    collect()
    print('function args:', 'alive' if r() is not None else 'dead')

def builtin_args():
    s = Box()
    r = weakref.ref(s)
    isinstance(s, Box)
    getattr(s, 'size')()
    s = None
    collect()
    print('builtin args:', 'alive' if r() is not None else 'dead')

T().method_args()
function_args()
builtin_args()
