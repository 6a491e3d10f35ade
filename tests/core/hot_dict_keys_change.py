# Dict updates where the key type changes mid-loop (int keys, then str, then tuples).
d = {}
for i in range(30000):
    if i < 10000:
        k = i % 100
    elif i < 20000:
        k = 'k' + str(i % 100)
    else:
        k = (i % 10, i % 7)
    d[k] = d.get(k, 0) + 1
print(len(d), d[0], d['k99'], d[(3, 4)])
keys = list(d)
print(keys[:3], keys[100:103], keys[-3:])
removed = 0
for i in range(100):
    if i % 3 == 0:
        del d[i]
        removed += 1
print(removed, len(d))
