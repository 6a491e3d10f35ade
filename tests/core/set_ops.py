# Set algebra: methods and operators.
a = {1, 2, 3, 4, 5}
b = {4, 5, 6, 7}
print(a | b, a.union(b), a.union([10], (11,)))
print(a & b, a.intersection(b), a.intersection(range(3)))
print(a - b, a.difference(b), b - a)
print(a ^ b, a.symmetric_difference(b))
print({1, 2} <= a, {1, 2}.issubset(a), a.issubset({1}), a <= a, a < a, {1} < a)
print(a >= {1, 2}, a.issuperset([1, 2]), a > a, a.isdisjoint({9}), a.isdisjoint(b))
c = set(a)
c |= {8}
print(sorted(c))
c &= {1, 2, 8, 9}
print(sorted(c))
c -= {1}
print(sorted(c))
c ^= {2, 3}
print(sorted(c))
c.update([20, 21], {22})
print(sorted(c))
c.intersection_update({20, 21, 8})
print(sorted(c))
c.difference_update({20})
print(sorted(c))
c.symmetric_difference_update({1, 8})
print(sorted(c))
words1 = set('the cat sat on the mat'.split())
words2 = set('the dog sat on the log'.split())
print(sorted(words1 & words2), sorted(words1 - words2), sorted(words1 ^ words2))
print(len(words1 | words2))
try:
    {1} | [2]
except TypeError as e:
    print('TypeError:', e)
try:
    set().remove(1)
except KeyError as e:
    print('KeyError:', e)
