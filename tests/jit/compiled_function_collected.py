# A function whose entry is compiled (it is called often, here from C
# through map()) can still be collected: the trace, which lives as long as
# the function's code object, must not hold the function itself.
import gc, weakref

def make(k):
    def add(x):
        return x + k
    return add

fn = make(3)
print(sum(map(fn, range(3000))))
died = []
wr = weakref.ref(fn, lambda r: died.append(True))
code = fn.__code__          # the code (and its compiled entry) lives on
del fn
for _ in range(3):
    gc.collect()
print("collected:", died == [True], wr() is None)
# another function of the same code runs the same compiled entry
fn2 = make(10)
print(sum(map(fn2, range(3000))), fn2.__code__ is code)
