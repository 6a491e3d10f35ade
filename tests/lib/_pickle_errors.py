# Pickler/Unpickler argument and attribute errors, the module's types and
# exceptions, protocol 0-2 forms of bytes, fast mode
import _pickle, io, pickle
p = _pickle.Pickler(io.BytesIO())
for f in [lambda: setattr(p, 'foo', 1), lambda: p.dispatch_table, lambda: p.persistent_id, lambda: delattr(p, 'persistent_id'),
          lambda: setattr(p, 'memo', 5), lambda: setattr(p, 'memo', {1: 5}), lambda: setattr(p, 'memo', {1: ('a', 5)}),
          lambda: _pickle.Pickler(io.BytesIO(), 6), lambda: _pickle.Pickler(5), lambda: _pickle.Pickler(io.BytesIO(), 1.5),
          lambda: _pickle.Pickler(), lambda: _pickle.dumps(1, protocol=-1), lambda: _pickle.dumps(), lambda: _pickle.loads('abc'),
          lambda: _pickle.loads(b'N.', 1), lambda: _pickle.dumps(1, 2, 3), lambda: _pickle.Unpickler(io.BytesIO(), encoding=5),
          lambda: p.bin, lambda: p.fast, lambda: type(p).__name__, lambda: type(p).__module__, lambda: type(p.memo),
          lambda: p.dump(1), lambda: p.memo.copy(), lambda: p.clear_memo(), lambda: p.memo.copy(),
          lambda: _pickle.Pickler.__doc__[:20], lambda: pickle.Pickler is _pickle.Pickler, lambda: pickle.PickleBuffer,
          lambda: _pickle.PicklingError.__mro__, lambda: _pickle.dumps(object()), lambda: _pickle.dumps(iter([])),
          lambda: _pickle.dumps(type), lambda: _pickle.dumps(object), lambda: _pickle.dumps([len, max, print], 0),
          lambda: _pickle.dumps(pickle.Pickler.dump, 4), lambda: _pickle.dumps(b'abc', 0), lambda: _pickle.dumps(bytearray(b'abc'), 2),
          lambda: _pickle.loads(_pickle.dumps(b'\xff\x00', 0)), lambda: _pickle.dumps(frozenset(), 0),
          ]:
    try: print(repr(f())[:150])
    except Exception as e: print(type(e).__name__, e)
class Sub(_pickle.Pickler):
    def __init__(self): pass
try: Sub().dump(1)
except Exception as e: print(type(e).__name__, e)
f = io.BytesIO(); p = _pickle.Pickler(f, 2); p.fast = 1; x = [1]; p.dump([x, x]); print(f.getvalue().hex())
l = []; l.append(l)
try: p.dump(l)
except Exception as e: print(type(e).__name__, str(e).split(' at ')[0])
p = _pickle.Pickler(io.BytesIO(), 2); p.dump([x]); p.__init__(io.BytesIO(), 0); print(p.memo.copy(), p.bin)
