# a + b of lists on every path: the interpreter's and the recorder's fast
# path for two exact lists, subclasses (result a plain list), += (extends
# in place), a class with __radd__, and the TypeError for a non-list.
class L(list):
    pass


class R:
    def __radd__(self, other):
        return ('radd', len(other))


def loop(n):
    t = []
    acc = 0
    for i in range(n):
        t = t + [i]
        u = [i, -i] + t[-2:]
        acc += len(u) + u[0] + u[-1]
    return len(t), acc, t[:5], t[-3:]


print(loop(3000))
a = [1, 2]
b = [3]
c = a + b
print(c, a, b, c is not a)
print(type(L([1]) + [2]).__name__, type([1] + L([2])).__name__, L([1]) + L([2]))
x = [1]
y = x
x += [2]
print(x, y, x is y)
x = x + [3]
print(x, y)
print([1] + R())
for bad in ((2,), 'ab', None):
    try:
        [1] + bad
    except TypeError as e:
        print('TypeError:', e)
mixed = []
for i in range(200):
    other = L([i]) if i % 50 == 49 else [i]
    mixed = mixed + other
print(len(mixed), sum(mixed), type(mixed).__name__)
