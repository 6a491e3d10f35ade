# A set add that meets deleted entries (dummies) on its probe path takes
# the last of them, as CPython 3.11 does (tpy took the first): iteration
# orders differed after discards, e.g. {5, 32, 0, 33, 4} less 32 and 5,
# plus 1 and 32, printed [32, 0, 33, 1, 4] (CPython: [0, 33, 1, 4, 32]).
# Found by tools/fuzz.py.
s = {5, 32, 0, 33, 4}
s.discard(32)
s.discard(5)
s.add(1)
s.add(32)
print(list(s))
s = set(range(20))
s.discard(5)
s.discard(7)
s.add(133)
print(list(s))

seed = 7
def rnd(n):
    global seed
    seed = (seed * 1103515245 + 12345) % 2**31
    return seed % n

h = 0
for trial in range(400):
    s = set()
    for k in range(rnd(60)):
        v = rnd(90) - 10
        if rnd(10) < 6:
            s.add(v)
        else:
            s.discard(v)
    if trial < 5:
        print(list(s))
    for x in s:
        h = (h * 31 + x) % 1000000007
print(h)
words = set()
for i in range(3000):
    words.add('w%d' % (i % 97))
    if i % 3 == 0:
        words.discard('w%d' % (i * 7 % 97))
print(len(words), sorted(words)[:5])
