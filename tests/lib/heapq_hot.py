# heapq and bisect in hot loops (the JIT sees the C calls and the Python __lt__)
import heapq, bisect
h = []
for i in range(20000):
    heapq.heappush(h, (i * 7919) % 10007)
    if i % 3 == 0:
        heapq.heappop(h)
print(len(h), h[0], heapq.nsmallest(5, h), heapq.nlargest(3, h))
class Task:
    __slots__ = ('prio', 'name')
    def __init__(self, prio, name): self.prio, self.name = prio, name
    def __lt__(self, other): return self.prio < other.prio
tasks = [Task((i * 31) % 97, 't%d' % i) for i in range(3000)]
heapq.heapify(tasks)
order = [heapq.heappop(tasks).prio for _ in range(3000)]
print(order == sorted(order), order[:10])
s = []
for i in range(20000):
    bisect.insort(s, (i * 37) % 1009)
print(len(s), s[:5], s[-5:], bisect.bisect_left(s, 500), bisect.bisect_right(s, 500))
tot = 0
for i in range(20000):
    tot += bisect.bisect(s, i % 1009, key=None) - bisect.bisect_left(s, i % 1009, 0, len(s))
print(tot)
