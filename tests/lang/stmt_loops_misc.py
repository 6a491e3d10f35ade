for i, (a, b) in enumerate(zip('abc', range(3))):
    print(i, a, b)
for _ in range(0):
    print('never')
lst = [1, 2, 3]
for x in lst:
    if x == 1:
        lst.append(4)
    if len(lst) > 5:
        break
print(lst)
d = {'a': 1}
try:
    for k in d:
        d['b'] = 2
except RuntimeError as e:
    print(e)
s = {1}
try:
    for k in s:
        s.add(2)
except RuntimeError as e:
    print(e)
n = 0
while n < 10:
    n += 1
    if n % 2:
        continue
    if n > 6:
        break
print(n)
for i in range(3):
    pass
print(i)
for c in 'hi':
    for d2 in 'yo':
        print(c + d2, end=' ')
print()
i = 10
for i in range(i):
    pass
print(i)
