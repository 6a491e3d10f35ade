# PickleBuffer objects may be weakly referenced, as CPython's.
import weakref
from pickle import PickleBuffer
b = bytearray(b'foo')
pb = PickleBuffer(b)
w = weakref.ref(pb)
print(w() is pb, weakref.getweakrefcount(pb), bytes(w().raw()))
p = weakref.proxy(pb)
print(bytes(p.raw()))
pb.release()
try: p.raw()
except ValueError as e: print('ValueError', e)
