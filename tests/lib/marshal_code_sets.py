# marshal: code objects round-trip (tpy's own 'C' format; shared ones stay
# shared), interned strings come back interned (version >= 3), sets are
# written in an order that does not depend on the hash seed, any buffer is
# written as bytes, loads rejects unnormalized longs, load() reads with
# readinto() and refuses a reader that claims too much.
import array, io, marshal, os, subprocess, sys

def f(x, *, y=2):
    """doc"""
    return [i * x for i in range(y)] + [lambda: x]

co = f.__code__
c2 = marshal.loads(marshal.dumps(co))
print(c2 == co, c2.co_filename == co.co_filename, c2.co_name, c2.co_consts[0], c2.co_varnames)
g = type(f)(c2, {'range': range})
print(g(3, y=3)[:3])
pair = marshal.loads(marshal.dumps((co, co)))
print(pair[0] is pair[1], pair[0] == co)
m = marshal.loads(marshal.dumps(compile('x = 1\ny = [x] * 2\n', 'mod.py', 'exec')))
ns = {}
exec(m, ns)
print(ns['y'], m.co_filename)

s = sys.intern('an interned string for marshal')
print(marshal.loads(marshal.dumps(s)) is s, marshal.loads(marshal.dumps(s, 2)) is s)

print(marshal.loads(marshal.dumps(array.array('b', [1, 2, 3]))), marshal.loads(marshal.dumps(memoryview(b'xy'))))
try:
    marshal.loads(b'l\x02\x00\x00\x00\x00\x00\x00\x00')
except ValueError as e:
    print('ValueError', e)

class BadReader(io.BytesIO):
    def readinto(self, buf):
        n = super().readinto(buf)
        return n + 10**6 if n and n > 4 else n
try:
    marshal.load(BadReader(marshal.dumps('0123456789')))
except ValueError as e:
    print('ValueError', e)

code = "import marshal, sys; sys.stdout.write(marshal.dumps({'a', 'b', 'c', 'x', ('Spam', 1), 2.5, b'z'}).hex())"
dumps = set()
for seed in ('1', '2', '3'):
    env = dict(os.environ, PYTHONHASHSEED=seed)
    dumps.add(subprocess.run([sys.executable, '-c', code], env=env, capture_output=True, text=True).stdout)
print(len(dumps))
print(sorted(marshal.loads(bytes.fromhex(dumps.pop())), key=repr))
