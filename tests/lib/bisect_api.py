# _bisect through bisect.py: arguments, key, lo/hi, sequences other than lists
import bisect, _bisect
print(bisect.bisect is _bisect.bisect_right, bisect.insort is _bisect.insort_right)
def t(f, *a, **k):
    try: print(f.__name__, f(*a, **k))
    except Exception as e: print(f.__name__, type(e).__name__, e)
for f in [bisect.bisect_left, bisect.bisect_right]:
    for x in [-1, 0, 1, 1.5, 2, 3, 4]:
        t(f, [0, 1, 1, 2, 3, 3], x)
        t(f, [0, 1, 1, 2, 3, 3], x, 2)
        t(f, [0, 1, 1, 2, 3, 3], x, 1, 4)
        t(f, [0, 1, 1, 2, 3, 3], x, hi=-1)
        t(f, [0, 1, 1, 2, 3, 3], x, lo=5, hi=2)
    t(f, [], 1); t(f, [1], 1, -1); t(f, [1], 1, 'a'); t(f, [1], 1, None); t(f, [1], 1, 0, 'a')
    t(f, [1], 1, 0, 2**100); t(f, [1], 1, -2**100); t(f, [1, 2], 2, 0, 5); t(f, 'abcd', 'c'); t(f, b'ace', 100)
    t(f, [(1, 'a'), (2, 'b')], 2, key=lambda p: p[0]); t(f, [1, 2], 1, key=5); t(f, [1, 'a'], 'a')
    t(f, [1, 2], 1, 0, 2, None); t(f, a=[1, 2, 3], x=2); t(f, [1], x=1, a=[2]); t(f, [1])
class Seq:
    def __len__(self): return 10
    def __getitem__(self, i): print('get', i); return i * 2
    def insert(self, i, x): print('insert', i, x)
print(bisect.bisect_left(Seq(), 7), bisect.insort(Seq(), 9), bisect.insort_left(Seq(), 3, key=lambda v: v + 1))
l = [1, 3, 5]
bisect.insort(l, 3); bisect.insort_left(l, 3.0); bisect.insort(l, 0, hi=2); bisect.insort_right(l, 9, lo=1); print(l)
class L(list):
    def insert(self, i, x):
        print('L.insert', i, x)
        list.insert(self, i, x)
m = L([1, 2, 4]); bisect.insort(m, 3); print(m)
a = [('a', 1), ('b', 5), ('c', 9)]
bisect.insort(a, ('x', 6), key=lambda t: t[1]); print(a, bisect.bisect_left(a, 5, key=lambda t: t[1]))
t(bisect.insort, (1, 2), 1)
grades = 'FDCBA'
print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in [33, 99, 77, 70, 89, 90, 100]])
