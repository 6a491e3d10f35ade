# while loops with else, break and continue.
i = 0
while i < 5:
    print('i =', i)
    i += 1
else:
    print('while finished normally, i =', i)

n = 0
while n < 10:
    n += 1
    if n == 4:
        print('breaking at', n)
        break
else:
    print('never printed')

k = 0
odds = []
while k < 10:
    k += 1
    if k % 2 == 0:
        continue
    odds.append(k)
print(odds)

w = 10
while w:
    w -= 3
    if w < 0:
        break
print('w =', w)

count = 0
while True:
    count += 1
    if count >= 3:
        break
print('count =', count)

m = 0
while m < 0:
    m += 1
else:
    print('else runs even if body never does')
