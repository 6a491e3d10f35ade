# Pickler options: persistent_id, reducer_override, dispatch_table, the
# extension registry, fix_imports, nested names, framing of large data,
# the memo, the errors, inspect.signature
import _pickle, pickle, io, copyreg, inspect, sys
print(inspect.signature(_pickle.Pickler))
print(inspect.signature(_pickle.Unpickler))
class P(_pickle.Pickler): pass
print(inspect.signature(P))
class Outer:
    class Inner:
        class Deep: pass
    def meth(self): pass
for proto in range(6):
    print(proto, _pickle.dumps([Outer.Inner.Deep, Outer.Inner, Outer.meth, Outer().meth], proto).hex())
# persistent id
class PP(_pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, str) and obj.startswith('p'): return obj.upper()
        return None
class UU(_pickle.Unpickler):
    def persistent_load(self, pid): return ('loaded', pid)
for proto in range(6):
    f = io.BytesIO(); PP(f, proto).dump(['pa', 'b', 'pc', 1]); d = f.getvalue(); print(proto, d.hex())
    print(UU(io.BytesIO(d)).load())
# reducer_override
class RO(_pickle.Pickler):
    def reducer_override(self, obj):
        if obj == 42: return int, ('43',)
        return NotImplemented
f = io.BytesIO(); RO(f, 4).dump([42, 1]); print(f.getvalue().hex(), pickle.loads(f.getvalue()))
# dispatch_table
class W: 
    def __init__(self, v): self.v = v
dt = {W: lambda w: (W, (w.v * 2,))}
f = io.BytesIO(); p = _pickle.Pickler(f, 2); p.dispatch_table = dt; p.dump(W(3)); print(f.getvalue().hex(), pickle.loads(f.getvalue()).v)
# extension registry
copyreg.add_extension(__name__, 'W', 240)
copyreg.add_extension(__name__, 'Outer', 0x1234)
for proto in range(6):
    d = _pickle.dumps([W, Outer], proto); print(proto, d.hex(), _pickle.loads(d))
copyreg.remove_extension(__name__, 'W', 240)
copyreg.remove_extension(__name__, 'Outer', 0x1234)
# fix_imports
import collections, functools
for proto in range(4):
    for fi in (True, False):
        d = _pickle.dumps([collections.UserDict, functools.reduce, range, str, Exception, ValueError, map], proto, fix_imports=fi)
        print(proto, fi, d.hex())
# big data + framing
big = [b'x' * 70000, 'y' * 70000, list(range(20000)), bytearray(b'z' * 70000)]
for proto in range(6):
    d = _pickle.dumps(big, proto); f = io.BytesIO(); _pickle.dump(big, f, proto)
    import hashlib
    print(proto, len(d), hashlib.md5(d).hexdigest(), hashlib.md5(f.getvalue()).hexdigest(), _pickle.loads(d) == big)
    f.seek(0); print(_pickle.load(f) == big, f.tell() == len(f.getvalue()))
# memo proxy
p = _pickle.Pickler(io.BytesIO(), 2); x = [1]; p.dump([x, x]); m = p.memo.copy(); print(sorted(v[0] for v in m.values()), type(p.memo).__name__)
u = _pickle.Unpickler(io.BytesIO(_pickle.dumps([x, x], 2))); u.load(); print(u.memo.copy())
# errors
def f(): 
    def g(): pass
    return g
for o in [f(), lambda: 0]:
    for proto in (0, 4):
        try: _pickle.dumps(o, proto)
        except Exception as e: print(type(e).__name__, str(e).split(' at 0x')[0])
for bad in [b'', b'\x80\x06.', b'q', b'(.', b'0', b'\x80\x04\x95\x05\x00\x00\x00\x00\x00\x00\x00K', b'Kx', b'\xff', b'h\x05.', b'I12', b'S"abc"\n.', b'Vab\\u00e9\n.']:
    try: print(repr(_pickle.loads(bad)))
    except Exception as e: print(bad, type(e).__name__, e)
sys.setrecursionlimit(200)
l = []
for i in range(1000): l = [l]
try: _pickle.dumps(l)
except RecursionError as e: print('RecursionError', e)
