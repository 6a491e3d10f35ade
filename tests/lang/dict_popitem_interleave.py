# popitem() gives back the last entry but leaves a deleted slot in the
# index table: inserts after it must still resize in time (nine
# insert/popitem rounds on an empty dict used to hang). Interleavings of
# popitem, insert and delete at many sizes, with order and len checked.

D = {}
for i in range(9):
    D[i] = i
    D.popitem()
print("nine", D, len(D))

D = {}
for i in range(10000):
    D[i] = i
    D.popitem()
print("many", D, len(D))

# a stack on top of n live keys
for n in range(0, 40):
    d = {k: k * k for k in range(n)}
    for i in range(200):
        d["x%d" % i] = i
        k, v = d.popitem()
        assert k == "x%d" % i and v == i
    assert len(d) == n and list(d) == list(range(n))
print("stack ok")

# pushes two, pops one: grows through several resizes
d = {}
for i in range(500):
    d[i] = -i
    d[i + 10000] = i
    d.popitem()
print("grow", len(d), list(d)[:5], list(d)[-5:], sum(d.values()))


def lcg(s):
    return (s * 1103515245 + 12345) % 2147483648


# random mixes of insert, popitem, del, pop, setdefault, re-insert of popped keys
s = 1
for size in [0, 1, 2, 5, 7, 8, 9, 15, 16, 21, 22, 42, 43, 85, 86, 200]:
    d = {}
    for k in range(size):
        d[k] = k
    popped = []
    log = []
    for step in range(600):
        s = lcg(s)
        op = s % 7
        if op <= 1:
            key = 1000 + step
            d[key] = step
        elif op == 2 and d:
            popped.append(d.popitem())
        elif op == 3 and d:
            s = lcg(s)
            key = list(d)[s % len(d)]
            del d[key]
        elif op == 4 and popped:
            k, v = popped.pop()
            d[k] = v
        elif op == 5:
            d.setdefault(step % 50, step)
        elif op == 6 and d:
            s = lcg(s)
            key = list(d)[s % len(d)]
            log.append(d.pop(key))
        if step % 150 == 0:
            log.append(len(d))
    print("mix", size, len(d), list(d.items())[:6], list(d.items())[-6:], list(reversed(d))[:4], log[:8], len(log))

# a copy made after popitem shares the layout: it must keep resizing too
d = {k: k for k in range(12)}
for i in range(5):
    d.popitem()
d[100] = 100
c = d.copy()
for i in range(50):
    c[i + 200] = i
    c.popitem()
for i in range(30):
    c[i + 300] = i
print("copy", len(c), list(c)[-3:], c == d, len(d))

# clear, then the same again
d.clear()
for i in range(20):
    d[i] = i
    d.popitem()
d["a"] = 1
print("clear", d)

# dict views and iteration after the churn
d = {}
for i in range(30):
    d[str(i)] = i
    if i % 3 == 0:
        d.popitem()
print("views", list(d.keys()), list(d.values())[-3:], len(d.items()))

try:
    {}.popitem()
except KeyError as e:
    print("KeyError", e)
