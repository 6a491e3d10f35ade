# Lists of floats that compiled loops fill and change, then handed to the
# C runtime (sort, reverse, slicing, extend, list(), copy, pickle, repr,
# sum, min/max, ==, +, *, array, struct): what a float list strategy (raw
# doubles in the list, docs/jit.md "Floats in lists") would have to keep
# right, checked here against CPython with today's Value lists.
import array
import copy
import math
import pickle
import struct


def fill(n):
    out = []
    x = 0.5
    for i in range(n):
        x = x * 1.5 if x < 1e200 else -x * 1e-250
        out.append(x)
    return out


def scale(lst, k):
    for i in range(len(lst)):
        lst[i] = lst[i] * k
    return lst


a = fill(700)
scale(a, 0.5)
b = a[:]
b.sort()
c = list(reversed(a))
c.reverse()
print(a == c, b[:3], b[-3:], len(b))
print(repr(a[:4]), repr(a[-2:]))
print(sum(a[:50]), min(a), max(a))
print(a[10:20:3], a[::-97])
d = copy.copy(a)
e = copy.deepcopy(a)
print(d == a, d is a, e == a)
print(pickle.loads(pickle.dumps(a)) == a)
f = a[:5]
f.extend(x * 2.0 for x in a[5:10])
f += [math.inf, -0.0, math.nan]
print(f, f * 2 == f + f)
arr = array.array('d', a[:8])
print(arr.tolist() == a[:8], struct.unpack('3d', struct.pack('3d', *a[:3])) == tuple(a[:3]))

# mutated mid-loop with other types, then handed to C
g = fill(300)
for i in range(len(g)):
    if i == 100:
        g[i] = 7
    elif i == 150:
        g[i] = None
    elif i == 200:
        g[i] = 'x'
    elif i == 250:
        g[i] = -0.0
    elif isinstance(g[i], float):
        g[i] = g[i] + 1.0
print(repr(g[98:102]), g[150], g[200], repr(g[250]))
h = [v for v in g if isinstance(v, (int, float))]
h.sort()
print(h[:3], len(h), 7 in h, g.index(7), g.count(None))
del g[100:260]
print(len(g), sum(v for v in g if isinstance(v, float)) > 0)
