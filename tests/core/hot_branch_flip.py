# A branch that is never taken for 10,000 iterations, then always taken.
total = 0
taken = 0
for i in range(40000):
    if i >= 10000:
        total += i * 2
        taken += 1
    else:
        total -= 1
    if i > 30000 and i % 7 == 0:
        total ^= 0xFF
print(total, taken)

def classify(n):
    if n < 15000:
        return 'low'
    if n < 15010:
        return 'edge'
    return 'high'

counts = {}
for i in range(20000):
    c = classify(i)
    counts[c] = counts.get(c, 0) + 1
print(counts)
