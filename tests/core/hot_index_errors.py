# List indexing that starts going out of range mid-loop.
data = list(range(100))
hits = 0
misses = 0
negs = 0
for i in range(20000):
    idx = i // 150 - 20
    try:
        v = data[idx]
        if idx < 0:
            negs += 1
        hits += v
    except IndexError:
        misses += 1
print(hits, misses, negs)
s = 'abcdefghij'
out = 0
for i in range(10000):
    try:
        out += ord(s[i % 13])
    except IndexError as e:
        out -= len(str(e))
print(out)
