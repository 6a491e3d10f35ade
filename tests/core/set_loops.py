# Sets built in loops, membership tests, frozensets, and sets of strings (sorted).
evens = set()
odds = set()
for i in range(20):
    if i % 2:
        odds.add(i)
    else:
        evens.add(i)
print(evens)
print(odds)
print(evens | odds == set(range(20)), evens & odds, len(evens ^ odds))
squares = set()
for i in range(10):
    squares.add(i * i % 10)
print(squares, len(squares))
hits = 0
for i in range(1000):
    if i % 10 in squares:
        hits += 1
print(hits)
seen = set()
dups = []
for ch in 'programming language':
    if ch in seen and ch not in dups:
        dups.append(ch)
    seen.add(ch)
print(dups, sorted(seen))
vowels = frozenset('aeiou')
print(sorted(vowels), 'e' in vowels, len(vowels), type(vowels).__name__)
tags = {'python', 'c', 'jit'}
tags.add('tracing')
tags.discard('c')
print(sorted(tags), 'jit' in tags, 'c' in tags)
fs = {frozenset([1, 2]), frozenset([2, 1]), frozenset([3])}
print(len(fs))
s = {1, 2, 3}
t = s
t.add(4)
print(s, s is t)
print(set([5, 3, 1]) == {1, 3, 5}, {1, 2} < {1, 2, 3}, {0} > set())
