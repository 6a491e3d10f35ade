# sort and sorted with key, reverse and stability.
a = [5, 2, 8, 1, 9, 3]
a.sort()
print(a)
a.sort(reverse=True)
print(a)
words = ['banana', 'Apple', 'cherry', 'date', 'fig', 'Elder']
print(sorted(words))
print(sorted(words, key=len))
print(sorted(words, key=len, reverse=True))
print(sorted(words, key=str.lower))
def last_char(s):
    return s[-1]
words.sort(key=last_char)
print(words)
pairs = [('b', 2), ('a', 2), ('c', 1), ('a', 1), ('b', 1)]
def second(p):
    return p[1]
print(sorted(pairs, key=second))
print(sorted(pairs, key=second, reverse=True))
print(sorted(pairs))
print(sorted([3.5, -1, 2, 0.0, -0.5]), sorted([-3, 2, -1], key=abs))
print(sorted('hello'), sorted((3, 1, 2)), sorted({'b': 1, 'a': 2}), sorted([]))
records = [['x', 3], ['y', 1], ['z', 3], ['w', 2]]
def by_score(r):
    return r[1]
records.sort(key=by_score)
print(records)
records.sort(key=by_score, reverse=True)
print(records)
nested = [[2, 'b'], [1, 'z'], [2, 'a'], [1, 'a']]
nested.sort()
print(nested)
big = []
for i in range(50):
    big.append((i * 37) % 50)
big.sort()
print(big[:10], big == list(range(50)))
print(sorted([True, False, 0, 1]), sorted(['10', '9', '100']), sorted(['10', '9', '100'], key=int))
