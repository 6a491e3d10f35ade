records = [('bob', 3), ('alice', 1), ('carol', 3), ('dave', 2), ('eve', 1), ('frank', 2)]
print(sorted(records, key=lambda r: r[1]))
print(sorted(records, key=lambda r: r[1], reverse=True))
by_name = sorted(records)
print(sorted(by_name, key=lambda r: r[1]))
words = ['Banana', 'apple', 'cherry', 'Apple', 'banana', 'APPLE']
print(sorted(words, key=str.lower))
print(sorted(words, key=len))
print(sorted(words))
l = [(1, 'b'), (0, 'a'), (1, 'a'), (0, 'b')]
l.sort(key=lambda p: p[0])
print(l)
print(sorted([3, 1, 2], key=lambda x: 0))
print(sorted('bca'), sorted((3, 1)), sorted({3: 1, 1: 2}))
multi = sorted(records, key=lambda r: (-r[1], r[0]))
print(multi)
try:
    sorted([1, 'a'])
except TypeError as e:
    print(e)
print(sorted([], key=len), sorted([[2], [1, 1], []], key=len, reverse=True))
s = sorted(range(10), key=lambda v: v % 3)
print(s)
