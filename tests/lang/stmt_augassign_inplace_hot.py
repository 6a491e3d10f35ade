# Augmented assignment in hot loops calls the in-place operation: compiled
# code recorded x += y as x + y, so l += [i] and s |= {i} built new objects
# (an alias of the list or set kept the old one) and a class's __iadd__,
# __ior__... were skipped for __add__, __or__. Found by tools/fuzz.py.
class Acc:
    def __init__(self):
        self.n = 0
    def __iadd__(self, o):
        self.n += o
        return self
    def __add__(self, o):
        r = Acc()
        r.n = self.n + o + 1000
        return r
    def __isub__(self, o):
        self.n -= 2 * o
        return self
    def __ior__(self, o):
        self.n |= o
        return self
    def __imul__(self, o):
        self.n = self.n * o % 1000003
        return self

def lists(n):
    l = [0]
    alias = l
    for i in range(n):
        l += [i]
        l *= 1
        if len(l) > 50:
            del l[:25]
    return l is alias, len(l), l[-3:]

def sets(n):
    s = {1, 2}
    alias = s
    for i in range(n):
        s |= {i % 23}
        s -= {i % 5}
        s ^= {i % 7}
        s &= set(range(20))
    return s is alias, s

def dicts(n):
    d = {}
    alias = d
    for i in range(n):
        d |= {i % 9: i}
    return d is alias, d

def objects(n):
    a = Acc()
    alias = a
    for i in range(n):
        a += i
        a -= 1
        a |= 1
        a *= 3
    return a is alias, a.n

def immutables(n):
    x, f, s, t = 0, 0.5, '', ()
    for i in range(n):
        x += i
        x ^= i
        f *= 1.0001
        s += str(i % 10)
        s = s[-5:]
        t += (i,)
        t = t[-3:]
    return x, f, s, t

def bytearrays(n):
    b = bytearray()
    alias = b
    for i in range(n):
        b += bytes([i % 256])
    return b is alias, len(b), bytes(b[-4:])

for f in (lists, sets, dicts, objects, immutables, bytearrays):
    print(f.__name__, f(3000))
