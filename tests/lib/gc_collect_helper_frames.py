# gc.collect() called through helper functions (test.support.gc_collect(),
# a test's own helper) finds what the outer frames dropped: their value
# stacks' dead slots are cleared too, not only the caller's. Live values
# on those stacks (arguments being passed, loop iterators) stay.
import gc
import weakref

# The clearing is the interpreter's: compiled code keeps some values in
# registers, so collect() clears nothing while it runs (the eager mode would
# compile these functions first). CPython has no pypyjit.
try:
    import pypyjit
    pypyjit.set_param('off')
except ImportError:
    pass

class C:
    pass

def collect():
    gc.collect()

def collect2():
    collect()

def check(factory, helper):
    o = factory()
    ref = weakref.ref(o, lambda r: calls.append(1))
    del o
    helper()
    return ref() is None

calls = []
print(check(C, collect), check(C, collect2), len(calls))

class M:
    def collect(self):
        collect2()
m = M()
def method_path():
    o = C()
    ref = weakref.ref(o)
    del o
    m.collect()
    return ref() is None
print(method_path())

# values still live on the outer stacks survive the clearing
def keep(a, b, c):
    collect2()
    return [a, b, c]
def outer():
    total = []
    for i in range(3):
        x = [C() for _ in range(2)]
        total.append((len(x), keep(i, str(i), [i] * 2), len(x)))
    return total
print(outer())
print([type(v).__name__ for v in [C(), collect2(), C()]])
d = {'a': [1], 'b': [collect2(), 2]}
print(d, sum([len(str(i)) + (collect2() or 0) for i in range(12)]))
