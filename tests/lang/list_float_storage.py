# Lists that a display builds from floats (tpy keeps them as raw doubles:
# float storage, src/obj/list.h) behave as any list: every operation,
# every conversion back to Values (a store of a non-float, of a float
# storage cannot hold, any method), identity of the items kept, the same
# results in the interpreter and in compiled code.
import copy
import gc
import heapq
import math
import pickle
import sys

nan = float('nan')
inf = float('inf')
tiny = 2.0 ** -255        # a float just outside the immediate range
huge = 1e300


def show(label, l):
    print(label, l, [type(x).__name__ for x in l], [math.copysign(1.0, x) for x in l if isinstance(x, float)])


# identity and the signed zeros
a = [1.5, -2.25, 0.0, -0.0]
show('display', a)
print(a[2] is a[2], a[3] is a[3], str(a[3]), a[-1], a[-4])
z = -0.0
b = [z, 1.0]
print(b[0] is z, math.copysign(1.0, b[0]))

# floats it cannot hold: the display keeps Values, identity kept
for special in (nan, inf, -inf, huge, tiny, 5e-324):
    l = [1.0, special]
    print(repr(special), l[1] is special, special in l, l.index(special), l.count(special))

# stores: a float it holds stays; anything else converts the list
c = [1.0, 2.0, 3.0]
c[0] = 4.5
c[1] = -0.0
show('stored floats', c)
c[2] = nan
print(c[2] is nan, nan in c)
d = [1.0, 2.0]
d[0] = 7
d[1] = 'x'
show('int and str stored', d)
e = [1.0, 2.0]
e[-1] = huge
print(e, e[1] is huge)

# every method
f = [3.0, 1.0, 2.0]
f.append(4.0); show('append float', f)
f.append(5); show('append int', f)
g = [3.0, 1.0, 2.0]
g.extend([0.5]); g.insert(1, 9.0); show('extend insert', g)
print(g.pop(), g.pop(0), g)
g.remove(1.0); show('remove', g)
g.sort(); show('sort', g)
g.sort(reverse=True, key=lambda x: -x); show('sort key', g)
g.reverse(); show('reverse', g)
print(g.index(2.0), g.count(2.0), g.copy(), len(g))
g.clear(); show('clear', g)
h = [1.0, 2.0]
h += [3.0]; show('+=', h)
h *= 2; show('*=', h)
k = [1.0, 2.0, 3.0, 4.0]
print(k[1:3], k[::-1], k[::2], k + [5.0], k * 2, 2 * k)
k[1:3] = [8.0]; show('slice store', k)
del k[0]; show('del item', k)
del k[::2]; show('del slice', k)
m = [1.0, 2.0, 3.0]
k2 = m[:]
k2[0] = 0.25
print(m, k2)

# slices, copies, repeats and sums of lists keep float storage: still lists
base = [0.5, 1.5, 2.5, 3.5]
for made in (base[1:3], base[::-2], base[:], base.copy(), list(base), base * 3, base + [4.5],
             [] + base, base + [], base + [1, 2], [0.0] * 5, copy.copy(base)):
    made[0] = 9.75
    made[-1] = 'end'
    made.append(-0.0)
    print(made, base)

# read by list(), tuple(), extend(): the source is left as it was
src = [0.5, 0.25, 0.125]
copies = (list(src), tuple(src), [9.0] + src, src[:])
ext = [1.0]
ext.extend(src)
src.extend(src)
print(copies, ext, src)
src[0] = 'x'
print(copies, ext, src)

# comparisons, hashing through tuples, membership, conversions
n = [0.5, 0.25]
print(n == [0.5, 0.25], n != [0.5, 0.25], n < [0.5, 0.5], n > [0.25], 0.25 in n, 3 in n)
print(tuple(n), list(n), set(n) == {0.5, 0.25}, sorted(n), sum(n), max(n), min(n), repr(n), str(n))
print(hash(tuple(n)) == hash((0.5, 0.25)), [x * 2 for x in n], list(reversed(n)), list(enumerate(n)))
print(dict.fromkeys(n), list(zip(n, n)), list(map(float.hex, n)), any(n), all([0.0, 1.0]))
x, y = n
print(x, y, *n)

# iteration that stores meanwhile
p = [1.0, 2.0, 3.0]
for i, v in enumerate(p):
    if i == 0:
        p[2] = 'later'
    print(i, v)

# the runtime's views of it
q = [1.0, 2.0]
print(sorted(gc.get_referents(q)), sys.getsizeof(q) >= sys.getsizeof([]))
print(copy.copy(q), copy.deepcopy(q), pickle.loads(pickle.dumps([1.5, -0.0, 2.0])))
heap = [3.0, 1.0, 2.0]
heapq.heapify(heap)
print(heapq.heappop(heap), heap)
print('%s %r' % ([1.0], [2.0]), f'{[0.1, 0.2]}', [1.0, 2.0].__sizeof__() > 0)


class Sub(list):
    pass


s = Sub([1.0, 2.0])
s[0] = 3.0
print(s, type(s).__name__)


# the same through compiled code: each operation in a hot loop
def hot(rounds):
    out = []
    for r in range(rounds):
        l = [0.5, 1.5, 2.5]
        l[0] += 1.0
        l[1] = l[0] * l[2]
        if r % 3 == 0:
            l[2] = r            # an int: Value storage
        elif r % 3 == 1:
            l[2] = -0.0         # a zero: stays float storage
        a0, a1, a2 = l
        out.append((a0, a1, a2, l[-1], sum(l)))
    return out[-3:], len(out)


print(hot(3000))


def scan(l, rounds):
    t = 0.0
    for r in range(rounds):
        for v in l:
            t += v
        l[r % len(l)] = t * 1e-9
    return t, l


print(scan([0.5, 0.25, 0.125], 4000))
print(scan([0.5, 0.25, 1e-300], 4000))
