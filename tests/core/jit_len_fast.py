# len() in hot loops: lists that grow, tuples, str with non-ASCII text,
# dicts, and arguments whose type changes midway (subclasses with their own
# __len__, objects without one) must give the interpreter's answers.
class MyList(list):
    def __len__(self):
        return 42

class Sized:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n

def total(items):
    s = 0
    for x in items:
        s += len(x)
    return s

data = []
for i in range(3000):
    k = i % 7
    if k == 0:
        data.append([0] * (i % 5))
    elif k == 1:
        data.append(tuple(range(i % 4)))
    elif k == 2:
        data.append("h\u00e9llo w\u00f6rld"[: i % 11])
    elif k == 3:
        data.append({j: j for j in range(i % 6)})
    elif k == 4:
        data.append("abc" * (i % 3))
    elif k == 5:
        data.append(set(range(i % 9)))
    else:
        data.append(bytes(i % 13))
print(total(data))
print(total(data[:2000] + [MyList([1, 2]), Sized(7)] * 300))

def grow(n):
    out = []
    lens = 0
    for i in range(n):
        out.append(i)
        lens += len(out)
        if len(out) > 50:
            del out[:25]
    return lens, len(out)
print(grow(5000))

def bad(n):
    r = []
    for i in range(n):
        obj = [1] if i < n - 1 else 5
        try:
            r.append(len(obj))
        except TypeError as e:
            r.append(str(e))
    return r[-2:]
print(bad(3000))
