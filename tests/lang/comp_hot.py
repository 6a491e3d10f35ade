total = 0
for n in range(2000):
    total += sum([i for i in range(n % 50) if i & 1])
print(total)
d = {}
for r in range(500):
    d = {k: v + r for k, v in d.items()} if r % 7 else {i: i for i in range(10)}
print(sorted(d.items())[:3])
acc = 0
for i in range(3000):
    acc += len({j % 13 for j in range(i % 40)})
print(acc)
res = [[i * j for j in range(30)] for i in range(30)]
print(sum(sum(r) for r in res))
