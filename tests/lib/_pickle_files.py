# pickles in real (buffered) files: several in a row, the file left just
# after each, peek() prefetching and files whose peek fails or is short
import _pickle, pickle, io, os, tempfile
objs = [1, 'two', [3] * 50, {'four': 4}, b'x' * 100000, list(range(3000)), ('s' * 300, 2.5)]
path = os.path.join(tempfile.mkdtemp(), 'p.bin')
with open(path, 'wb') as f:
    for o in objs:
        for proto in range(6):
            _pickle.dump(o, f, proto)
    f.write(b'tail')
with open(path, 'rb') as f:
    got = []
    for i in range(len(objs) * 6):
        got.append(_pickle.load(f))
    print(got[::6] == objs, f.read())
with open(path, 'rb') as f:
    u = _pickle.Unpickler(f)
    print(u.load(), f.tell())
class Peeky(io.BytesIO):
    def peek(self, n):
        print('peek', n)
        raise NotImplementedError
class Short(io.BytesIO):
    def peek(self, n):
        return self.getvalue()[self.tell():self.tell() + 3]
data = pickle.dumps([1, 'abc', 2.5], 2) + pickle.dumps('next', 0)
for cls in (Peeky, Short):
    f = cls(data)
    print(_pickle.load(f), f.tell(), _pickle.load(f), f.tell() == len(data))
class BadPeek(io.BytesIO):
    def peek(self, n):
        raise ValueError('nope')
try:
    _pickle.load(BadPeek(data))
except ValueError as e:
    print('ValueError', e)
os.unlink(path)
