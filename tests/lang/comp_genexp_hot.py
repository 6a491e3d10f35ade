tot = 0
for i in range(3000):
    tot += sum(x for x in range(i % 30))
print(tot)
print(sum(1 for i in range(100000) if i % 7 == 0))
best = max((i * 37 % 101, i) for i in range(100000))
print(best)
print(all(i < 100000 for i in range(100000)), any(i == 99999 for i in range(100000)))
