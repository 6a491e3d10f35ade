# Sets of small ints: literals, add/remove/discard/pop, membership, len.
s = {3, 1, 2}
print(s, len(s), 2 in s, 5 in s, 5 not in s)
s.add(4)
s.add(1)
print(s)
s.remove(3)
s.discard(10)
s.discard(4)
print(s)
print(set(), set([1, 2, 2, 3, 3, 3]), set(range(5)), set((5, 5, 1)))
e = {0}
print(e.pop(), e, len(e))
p = {7, 8, 9}
popped = []
while p:
    popped.append(p.pop())
print(sorted(popped))
print({1, 2} == {2, 1}, {1, 2} == {1, 2, 3}, {1} != {2}, {1, 1.0, True})
print(sorted(set('mississippi')), len(set('hello')))
c = {1, 2, 3}
d = c.copy()
d.add(99)
print(c, sorted(d))
d.clear()
print(d, bool(d), bool(c))
dedup = []
seen = set()
for x in [3, 1, 3, 2, 1, 5, 2]:
    if x not in seen:
        seen.add(x)
        dedup.append(x)
print(dedup, seen)
print(set([10, 20, 30]), sorted({-1, -2, 0}), sorted({'b', 'a', 'c'}))
print(frozenset([1, 2]), frozenset() == set(), {frozenset([1]): 'fs'})
