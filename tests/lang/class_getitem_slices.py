class Seq:
    def __init__(self, data): self.data = list(data)
    def __getitem__(self, idx):
        if isinstance(idx, slice):
            print('slice', idx.start, idx.stop, idx.step)
            return Seq(self.data[idx])
        if isinstance(idx, tuple):
            return 'tuple %r' % (idx,)
        return self.data[idx]
    def __setitem__(self, idx, v):
        print('set', idx, v)
        self.data[idx] = v
    def __delitem__(self, idx):
        print('del', idx)
        del self.data[idx]
    def __len__(self): return len(self.data)
    def __repr__(self): return 'Seq(%r)' % self.data
s = Seq(range(10))
print(s[2], s[-1])
print(s[2:5])
print(s[::2])
print(s[1:8:3])
print(s[:])
print(s[1, 2], s[1:2, 3])
s[0] = 'zero'
s[1:3] = ['a', 'b', 'c']
del s[0]
del s[::3]
print(s)
print(s[...] if False else 'skip')
class Echo:
    def __getitem__(self, k): return k
e = Echo()
print(e[1:2], e[:], e[::-1], e[1:2:3], e[...], e[:, 1])
print(slice(1, 5).indices(3), slice(None, None, -1).indices(4))
sl = slice(3)
print(sl, sl.start, sl.stop, sl.step)
try:
    Seq([1])[5]
except IndexError as e:
    print(e)
