# protocol 5: PickleBuffer, buffer_callback and out-of-band buffers
import _pickle, pickle, io, array

pb = _pickle.PickleBuffer(b'abc')
print(type(pb).__module__, type(pb).__name__, bytes(pb.raw()), pb.raw().readonly, pb.raw().obj)
m = memoryview(pb)
print(m.readonly, m.format, m.nbytes, bytes(m))
ba = bytearray(b'xyz')
pb2 = _pickle.PickleBuffer(ba)
r = pb2.raw()
print(r.readonly, r.obj is ba)
r[0] = ord('X')
print(ba)
arr = array.array('i', [1, 2, 3])
ra = _pickle.PickleBuffer(arr).raw()
print(ra.format, ra.nbytes, ra.obj is arr, memoryview(_pickle.PickleBuffer(arr)).format)
pb.release()
for f in (pb.raw, lambda: memoryview(pb), lambda: _pickle.dumps(pb, 5)):
    try:
        f()
    except ValueError as e:
        print('ValueError', e)
pb.release()
for bad in (lambda: _pickle.PickleBuffer('str'), lambda: _pickle.PickleBuffer(), lambda: _pickle.PickleBuffer(b'', b'')):
    try:
        bad()
    except TypeError as e:
        print('TypeError', e)

# in-band
for data in (b'abc', bytearray(b'def'), b'x' * 70000):
    for proto in range(6):
        try:
            d = _pickle.dumps(_pickle.PickleBuffer(data), proto)
            print(proto, len(d), d[:20].hex(), type(_pickle.loads(d)).__name__)
        except _pickle.PicklingError as e:
            print(proto, 'PicklingError', e)

# out-of-band
class Blob(bytes):
    def __reduce_ex__(self, protocol):
        if protocol >= 5:
            return type(self)._rebuild, (_pickle.PickleBuffer(self),)
        return type(self)._rebuild, (bytes(self),)
    @classmethod
    def _rebuild(cls, obj):
        with memoryview(obj) as m:
            o = m.obj
            return o if type(o) is cls else cls(o)

b = Blob(b'payload')
for proto in (4, 5):
    bufs = []
    try:
        d = _pickle.dumps([b, b], proto, buffer_callback=bufs.append)
    except ValueError as e:
        print('ValueError', e)
        continue
    print(d.hex(), len(bufs), b'payload' in d)
    try:
        _pickle.loads(d)
    except _pickle.UnpicklingError as e:
        print('UnpicklingError', e)
    new = _pickle.loads(d, buffers=bufs)
    print(new, new[0] is b, new[0] is new[1])
    print(pickle._loads(d, buffers=iter(bufs))[0] is b)
    try:
        _pickle.loads(d, buffers=[])
    except _pickle.UnpicklingError as e:
        print('UnpicklingError', e)
# the callback decides: a true result keeps the buffer in band
for keep in (True, False, 0, 1):
    d = _pickle.dumps(_pickle.PickleBuffer(bytearray(b'rw')), 5, buffer_callback=lambda pb: keep)
    print(keep, d.hex())
# READONLY_BUFFER makes a read-only view of a writable buffer
d = _pickle.dumps(_pickle.PickleBuffer(b'ro'), 5, buffer_callback=lambda pb: False)
print(d.hex())
got = _pickle.loads(d, buffers=[bytearray(b'ro')])
print(type(got).__name__, got.readonly, bytes(got))
got = _pickle.loads(d, buffers=[b'RO'])
print(type(got).__name__, got)
f = io.BytesIO()
p = _pickle.Pickler(f, 5, buffer_callback=lambda pb: False)
p.dump([_pickle.PickleBuffer(b'a'), _pickle.PickleBuffer(bytearray(b'b'))])
print(f.getvalue().hex(), _pickle.Unpickler(io.BytesIO(f.getvalue()), buffers=[b'1', b'2']).load())
try:
    _pickle.Pickler(io.BytesIO(), 4, buffer_callback=print)
except ValueError as e:
    print('ValueError', e)
