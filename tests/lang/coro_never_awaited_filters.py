# The "never awaited" RuntimeWarning goes through the warnings filters:
# catch_warnings records it once the coroutine is collected (gc.collect(),
# as unittest.mock's tests do), "ignore" hides it, "error" makes it an
# unraisable exception (sys.unraisablehook), as CPython's.
import gc
import sys
import warnings

async def co():
    return 1

def drop():
    co()

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    drop()
    gc.collect()
print([(x.category.__name__, str(x.message), x.lineno) for x in w])
print([type(x.source).__name__ for x in w])

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('ignore')
    drop()
    gc.collect()
print(len(w))

seen = []
old = sys.unraisablehook
sys.unraisablehook = lambda u: seen.append((type(u.exc_value).__name__, str(u.exc_value)))
with warnings.catch_warnings():
    warnings.simplefilter('error')
    drop()
    gc.collect()
sys.unraisablehook = old
print(seen)

c = co()
c.close()   # closed before it ran: no warning
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    del c
    gc.collect()
print(len(w))
