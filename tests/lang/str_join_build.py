parts = []
for i in range(1000):
    parts.append(str(i % 10))
s = ''.join(parts)
print(len(s), s[:20], s.count('7'))
acc = ''
for i in range(2000):
    acc += chr(97 + i % 26)
print(len(acc), acc[:30], acc[-5:])
print('-'.join(str(i) for i in range(10)))
print(' '.join(w.capitalize() for w in 'the quick brown fox'.split()))
words = 'a man a plan a canal panama'.split()
print(sorted(set(words)), len(words))
print(''.join(reversed('stressed')), 'x'.join(['only']), ''.join([]))
try:
    ','.join([1, 2])
except TypeError as e:
    print(e)
print(str.join('/', ['usr', 'lib']), '/'.join(('a', 'b')))
