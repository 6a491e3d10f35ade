# pickling in hot loops (traced by the JIT): dumps/loads round trips of
# user objects, a Pickler subclass with persistent_id, a loop-carried memo
import _pickle, io

class Rec:
    def __init__(self, i):
        self.i = i
        self.name = 'r%d' % (i % 7)
        self.tags = (i, -i, i * 0.5)
    def __eq__(self, other):
        return type(other) is Rec and self.__dict__ == other.__dict__

class PID(_pickle.Pickler):
    def persistent_id(self, obj):
        return 'int:%d' % obj if type(obj) is int and obj > 1000 else None

class UPID(_pickle.Unpickler):
    def persistent_load(self, pid):
        return int(pid[4:]) + 1

total = 0
sizes = set()
for i in range(600):
    r = Rec(i)
    proto = i % 6
    d = _pickle.dumps([r, r, {'k': i}], proto)
    sizes.add((proto, len(d) > 0))
    back = _pickle.loads(d)
    assert back[0] == r and back[0] is back[1], i
    total += back[2]['k'] + back[0].tags[0]
    f = io.BytesIO()
    PID(f, proto).dump([i, i * 1000])
    got = UPID(io.BytesIO(f.getvalue())).load()
    total += got[1] - got[0]
print(total, sorted(sizes))

p = _pickle.Pickler(io.BytesIO(), 4)
shared = ['shared']
for i in range(300):
    p.dump((shared, i))
print(len(p.memo.copy()))
acc = []
for i in range(400):
    acc.append(_pickle.loads(_pickle.dumps(i * 3 - 600, i % 6)))
print(sum(acc), acc[-3:])
