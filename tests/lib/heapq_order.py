# _heapq (and _bisect) through heapq.py: CPython's exact order of < comparisons, errors, lists changed by comparisons
import _heapq, _bisect, heapq, bisect
print(heapq.heappush is _heapq.heappush, bisect.bisect is _bisect.bisect_right, heapq._heapreplace_max is _heapq._heapreplace_max)
for f, a in [(_heapq.heappush, ((), 1)), (_heapq.heappop, ((),)), (_heapq.heapify, ((),)), (_heapq.heapreplace, ([], 1)), (_heapq.heappop, ([],)), (_heapq.heappushpop, ((),1)), (_heapq._heappop_max, ([],)), (_heapq._heapreplace_max, ([],1)), (_heapq._heapify_max, (5,)), (_heapq.heappush, ([],)), (_heapq.heappop, ()), (_heapq.heapreplace, ((), 1)), (_heapq._heapreplace_max, ((), 1)), (_heapq._heappop_max, ((),)),
  (_bisect.bisect_right, ([1,2], 1, -1)), (_bisect.bisect_right, ([1,2], 1, 0, -1)), (_bisect.bisect_right, ([1,2], 3, 0, -3)), (_bisect.bisect_right, ([1,2], 1, 1.0)), (_bisect.bisect_left, ({}, 1)), (_bisect.bisect_left, (5, 1)),(_bisect.bisect_left, ([1],)), (_bisect.insort_left, ((1,2), 1)), (_bisect.bisect_left, ([1,2], 1, 0, 10)), (_bisect.bisect_left, ([1,2], 1, None, None)),(_bisect.bisect_left, ([1,2], 1, 2**70)), (_bisect.insort_right, ([1,2], 5, 1, 1)),(_bisect.bisect_left, ((1,2,3), 2, 0, 2**70)), (_bisect.bisect_left, ('abc', 'b')), (_bisect.bisect_left, (range(100), 37)), (_bisect.bisect_right, (range(100), 37.5, 10, 50))]:
  try: print(f.__name__, f(*a))
  except Exception as e: print(f.__name__, type(e).__name__, e)
for call in [lambda: _heapq.heappush([], 1, x=1), lambda: _heapq.heappop(h=[]), lambda: _bisect.bisect_right([1], 1, key=None, k=2), lambda: _heapq.heapify([], 2)]:
  try: call()
  except Exception as e: print(type(e).__name__, e)
print(_bisect.bisect_right([1,2,3], 2, hi=None, lo=1, key=None))
log = []
class C:
    def __init__(self, v): self.v = v
    def __lt__(self, o):
        log.append((self.v, o.v))
        return self.v < o.v
    def __repr__(self): return 'C(%r)' % self.v
state = 7
def rnd(n):
    global state
    state = (state * 1103515245 + 12345) & 0x7fffffff
    return state % n
for n in [0, 1, 2, 5, 17, 100, 3000]:
    data = [C(rnd(1000)) for _ in range(n)]
    log.clear()
    h = list(data); heapq.heapify(h)
    out = [heapq.heappop(h).v for _ in range(len(h))]
    print(n, out == sorted(c.v for c in data), len(log), hash(tuple(log)) if n < 3000 else sum(a * 3 + b for a, b in log))
    log.clear()
    h = []
    for c in data: heapq.heappush(h, c)
    for c in data[:10]: heapq.heappushpop(h, c); heapq.heapreplace(h, c) if h else None
    print(len(log), sum(a * 7 + b for a, b in log))
    log.clear()
    h = list(data); heapq._heapify_max(h)
    out = [heapq._heappop_max(h).v for _ in range(len(h))]
    print(out == sorted((c.v for c in data), reverse=True), len(log), sum(a * 5 + b for a, b in log))
    log.clear()
    print(heapq.nlargest(3, data, key=lambda c: c.v), heapq.nsmallest(3, [c.v for c in data]), list(heapq.merge([1,4,9],[2,3,10], [0]))[:5])
    print(list(heapq.merge([3,2,1],[5,0], reverse=True)), len(log))
    log.clear()
    s = sorted(data, key=lambda c: c.v)
    for c in data[:30]:
        bisect.bisect_left(s, c); bisect.bisect_right(s, c); bisect.bisect(s, c.v, key=lambda c: c.v)
    print(len(log), sum(a * 11 + b for a, b in log))
# changing the list during comparisons
class Evil:
    def __init__(self, heap): self.heap = heap
    def __lt__(self, o):
        self.heap.clear()
        return True
h = [1, 2, 3]
e = Evil(h); h.append(e)
for f in [lambda: heapq.heapify(h), lambda: heapq.heappush(h, Evil(h))]:
    h[:] = [Evil(h), Evil(h), Evil(h)]
    try: f(); print('ok', len(h))
    except Exception as ex: print(type(ex).__name__, ex)
h = [Evil(None)] * 0
class Shrink:
    def __lt__(self, o):
        lst.pop()
        return True
lst = [0, 1, 2, 3, 4]
try: print(bisect.bisect_left(lst, Shrink()))
except Exception as ex: print(type(ex).__name__, ex)
class Seq:
    def __len__(self): return 10
    def __getitem__(self, i): print('get', i); return i * 2
    def insert(self, i, x): print('insert', i, x)
print(bisect.bisect_left(Seq(), 7), bisect.insort(Seq(), 9), bisect.insort_left(Seq(), 3, key=lambda v: v + 1))
l = [1, 3, 5]
bisect.insort(l, 3); bisect.insort_left(l, 3.0); bisect.insort(l, 0, hi=2); print(l)
a = [('a', 1), ('b', 5), ('c', 9)]
bisect.insort(a, ('x', 6), key=lambda t: t[1]); print(a, bisect.bisect_left(a, 5, key=lambda t: t[1]))
try: heapq.heappush([1, 'a'][:1], 'a')
except TypeError as ex: print(ex)
