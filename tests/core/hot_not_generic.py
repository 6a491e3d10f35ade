# `not x` on values whose truth is generic (lists, dicts, str, __bool__,
# __len__) inside hot loops: the result is data, computed every iteration
def first_flag(nested, n):
    items = []
    while True:
        items.append(not nested and not items)
        if len(items) >= n:
            return items[0]
print(sum(1 for i in range(5000) if first_flag(i % 2, i % 4 + 1) != (i % 2 == 0)))

class B:
    def __init__(self, v): self.v = v
    def __bool__(self): return self.v % 3 == 0
class L:
    def __init__(self, n): self.n = n
    def __len__(self): return self.n % 2
out = []
for i in range(3000):
    d = {} if i % 5 else {i: i}
    s = "" if i % 7 else "x"
    out.append((not d, not s, not B(i), not L(i), not [0] * (i % 2)))
print(sum(a for a, *_ in out), sum(b for _, b, *_ in out), sum(c for _, _, c, *_ in out),
      sum(t[3] for t in out), sum(t[4] for t in out))

class Bad:
    def __init__(self, i): self.i = i
    def __bool__(self):
        if self.i == 2500:
            raise ValueError("no truth")
        return True
n = 0
try:
    for i in range(3000):
        n += not Bad(i)
except ValueError as e:
    print("ValueError", e, i, n)
