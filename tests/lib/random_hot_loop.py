# A long loop of mixed calls (hot for the JIT), checked against CPython.
import random

rng = random.Random(2718)
counts = [0] * 6
total = 0.0
picks = []
for i in range(30000):
    d = rng.randint(1, 6)
    counts[d - 1] += 1
    total += rng.random()
    if i % 1000 == 0:
        picks.append(rng.choice('ACGT'))
    if i % 5000 == 0:
        data = list(range(10))
        rng.shuffle(data)
        picks.append(data[0])
print(counts, round(total, 6), ''.join(map(str, picks)))
walk = 0
for i in range(20000):
    walk += 1 if rng.random() < 0.5 else -1
print(walk, rng.getrandbits(64))
