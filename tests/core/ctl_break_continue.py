# break and continue in nested loops.
for i in range(4):
    for j in range(4):
        if j > i:
            break
        if (i + j) % 2:
            continue
        print(i, j)

result = []
for word in ['apple', 'skip', 'banana', 'stop', 'cherry']:
    if word == 'skip':
        continue
    if word == 'stop':
        break
    result.append(word)
print(result)

found = None
for a in range(1, 20):
    for b in range(a, 20):
        if a * a + b * b == 13 * 13:
            found = (a, b)
            break
    if found:
        break
print('pythagorean:', found)

i = 0
total = 0
while i < 100:
    i += 1
    if i % 3 != 0:
        continue
    if i > 30:
        break
    total += i
print('total', total)
