# A list whose element types change mid-loop (ints, then floats, then strings, then None).
items = []
for i in range(20000):
    if i < 5000:
        items.append(i)
    elif i < 10000:
        items.append(i * 0.5)
    elif i < 15000:
        items.append(str(i))
    else:
        items.append(None)
n_int = 0
n_float = 0
n_str = 0
n_none = 0
acc = 0
for v in items:
    if v is None:
        n_none += 1
    elif isinstance(v, str):
        n_str += 1
        acc += len(v)
    elif isinstance(v, float):
        n_float += 1
        acc += int(v)
    else:
        n_int += 1
        acc += v
print(n_int, n_float, n_str, n_none, acc)
print(items[4999], items[5000], items[10000], items[15000])
