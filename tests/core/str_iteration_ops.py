# Iteration, in, +, *, comparisons, len.
s = 'banana'
for ch in s:
    print(ch, end='.')
print()
count = 0
for ch in s:
    if ch == 'a':
        count += 1
print('a count', count)
print('nan' in s, 'x' in s, '' in s, 'banana' in s, 'bananas' in s)
print('ba' + 'na' * 2, 3 * 'ab', 'x' * 0, 'x' * -1, repr('' * 5))
print('abc' < 'abd', 'abc' < 'ab', 'B' < 'a', 'apple' > 'Apple', 'a' == 'a', 'a' != 'b')
print('abc' <= 'abc', 'b' >= 'abc', '' < 'a', 'Z' < 'a')
print(max('hello'), min('hello'), sorted('hello'), len('hello'))
print(list('abc'), tuple('ab'), ''.join(reversed('abc')))
words = ['pear', 'Apple', 'banana', 'apple', 'Banana']
print(sorted(words))
print(sorted(words, key=str.lower))
d = {'one': 1, 'two': 2}
d['three'] = 3
print(d['one'], 'two' in d, d)
s2 = 'ban' + 'ana'
print(s2 == s, s2 is not None)
acc = ''
for i in range(5):
    acc += str(i)
print(acc, acc * 2)
for i, ch in enumerate('xyz'):
    print(i, ch)
print(str(), repr(str()), str(123), str('x'))
