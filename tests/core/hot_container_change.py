# The container being indexed changes type mid-loop: list, tuple, str, dict, range.
containers = [list(range(10)), tuple(range(10)), '0123456789', {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9}, range(10)]
total = 0
for i in range(25000):
    c = containers[i // 5000]
    v = c[i % 10]
    if isinstance(v, str):
        total += int(v) * 2
    else:
        total += v
print(total)
seq = [1, 2, 3]
acc = 0
for i in range(30000):
    if i == 10000:
        seq = (4, 5, 6)
    if i == 20000:
        seq = 'xyz'
    for item in seq:
        if isinstance(item, str):
            acc += 1
        else:
            acc += item
print(acc)
