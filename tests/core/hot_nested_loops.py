# Nested loops with inner trip counts that change.
total = 0
for i in range(200):
    for j in range(i % 50):
        if (i + j) % 3 == 0:
            total += i * j
        else:
            total -= j
print(total)
grid = []
for i in range(100):
    row = [0] * 100
    grid.append(row)
for step in range(5):
    for i in range(1, 99):
        for j in range(1, 99):
            grid[i][j] = (grid[i - 1][j] + grid[i][j - 1] + i * j + step) % 1000
print(grid[50][50], grid[98][98], sum(grid[10]))
