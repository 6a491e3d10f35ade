# Objects with __getitem__/__len__/__add__ introduced into a hot loop.
class Ring:
    def __init__(self, items):
        self.items = items
    def __getitem__(self, i):
        return self.items[i % len(self.items)]
    def __len__(self):
        return len(self.items)

class Num:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        if isinstance(o, Num):
            return Num(self.v + o.v)
        return Num(self.v + o)
    def __radd__(self, o):
        return Num(o + self.v)

seqs = [[1, 2, 3, 4, 5, 6, 7], Ring([1, 2, 3])]
acc = 0
for i in range(20000):
    s = seqs[1 if i >= 8000 else 0]
    acc += s[i % 7] + len(s)
print(acc)
total = 0
for i in range(20000):
    if i == 10000:
        total = Num(total)
    total = total + 1
print(type(total).__name__, total.v)
