# Hot loops over collections types (exercise the JIT paths).
from collections import deque, defaultdict, Counter, namedtuple, OrderedDict

d = deque()
acc = 0
for i in range(40000):
    d.append(i)
    if len(d) > 100:
        acc += d.popleft()
print(acc, len(d), d[0], d[-1])
dd = defaultdict(int)
for i in range(40000):
    dd[i % 97] += i
print(len(dd), dd[0], dd[96], sum(dd.values()))
c = Counter()
for i in range(30000):
    c[(i * 7) % 13] += 1
print(c.most_common(3), c.total())
P = namedtuple('P', 'x y')
s = 0
for i in range(30000):
    p = P(i, -i)
    s += p.x * 2 + p.y
print(s)
od = OrderedDict()
for i in range(3000):
    od[i % 500] = i
    if i % 7 == 0:
        od.move_to_end(i % 500, last=False)
print(list(od.items())[:3], len(od))
lists = defaultdict(list)
for i in range(20000):
    lists[i & 15].append(i)
print([len(v) for k, v in sorted(lists.items())][:4], lists[15][-1])
