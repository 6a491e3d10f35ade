# Nested loops building tables.
for i in range(1, 6):
    row = ''
    for j in range(1, 6):
        row += str(i * j).rjust(4)
    print(row)

grid = []
for r in range(3):
    line = []
    for c in range(4):
        line.append(r * 4 + c)
    grid.append(line)
print(grid)

s = 0
for line in grid:
    for v in line:
        for k in range(v % 3):
            s += k
print('s =', s)

pairs = []
for x in 'ab':
    for y in 'xyz':
        pairs.append(x + y)
print(pairs)

n = 0
i = 0
while i < 5:
    j = 0
    while j < i:
        n += j
        j += 1
    i += 1
print('n =', n)
