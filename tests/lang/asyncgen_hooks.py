# sys.set_asyncgen_hooks / get_asyncgen_hooks: firstiter runs at the first
# __anext__/asend/athrow/aclose; the finalizer of that moment is the one
# called for an un-exhausted generator (here at exit, after 'end': g1, g2, g4).
import sys

print(sys.get_asyncgen_hooks())
h = sys.get_asyncgen_hooks()
print(type(h).__name__, h.firstiter, h.finalizer, len(h), h[0], tuple(h))

seen = []
def firstiter(g):
    seen.append(('first', g.__name__))

def finalizer(g):
    print('finalizer', g.__name__)

for bad in [dict(firstiter=1), dict(finalizer='x'), dict(firstiter=None, finalizer=2), dict(other=None)]:
    try:
        sys.set_asyncgen_hooks(**bad)
    except TypeError as e:
        print('TypeError', e)
try:
    sys.set_asyncgen_hooks(1)
except TypeError as e:
    print('TypeError', e)
print(sys.get_asyncgen_hooks())

sys.set_asyncgen_hooks(firstiter=firstiter)
print(sys.get_asyncgen_hooks().firstiter is firstiter, sys.get_asyncgen_hooks().finalizer)
sys.set_asyncgen_hooks(finalizer=finalizer)
print(sys.get_asyncgen_hooks().firstiter is firstiter, sys.get_asyncgen_hooks().finalizer is finalizer)

async def agen(tag):
    yield tag
    yield tag

def drive(aw):
    try:
        aw.send(None)
    except StopIteration as e:
        return e.value

g1 = agen('one')
print(seen)
print(drive(g1.__anext__()))
print(drive(g1.__anext__()))
print(seen)
g2 = agen('two')
print(drive(g2.asend(None)))
print(seen)
g3 = agen('three')
drive(g3.aclose())
print(seen)

def raising(g):
    raise KeyError('from firstiter')
sys.set_asyncgen_hooks(firstiter=raising)
g4 = agen('four')   # kept: its finalizer would run when CPython frees it
try:
    g4.__anext__()
except KeyError as e:
    print('KeyError', e)
sys.set_asyncgen_hooks(firstiter=None, finalizer=None)
print(sys.get_asyncgen_hooks())
g5 = agen('five')
print(drive(g5.__anext__()))
print('end')
