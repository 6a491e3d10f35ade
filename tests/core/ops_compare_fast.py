# comparisons through containers (tuple/list ordering, sorting, dict keys)
# of immediate ints and floats, and % with a str subclass on the right
class S(str):
    def __rmod__(self, other):
        return "rmod:" + other
print("a%s" % S("x"), "a%s" % "y", "%s" % (S("z"),))
vals = [0, -0.0, 0.0, 1, 1.0, -1, 2**62 - 1, -2**62, 2**62, 1.5, -2.5, 1e300, float("inf"), float("nan"), True, False]
for a in vals:
    row = []
    for b in vals:
        row.append("".join("1" if f else "0" for f in ((a,) < (b,), (a,) <= (b,), (a,) == (b,), (a,) != (b,),
                                                      (0, a) > (0, b), [a] >= [b], (a, 1) < (b, 2))))
    print(a, " ".join(row))
pairs = [(3, 1.5), (2, 2), (1, 3.0), (2, 1), (-1, -0.5), (2, 0.5)]
print(sorted(pairs), sorted(pairs, reverse=True), max(pairs), min(pairs))
heap = []
for i in range(200):
    heap.append(((i * 37) % 101 * 0.5, (i * 13) % 7, i))
heap.sort()
print(heap[:4], heap[-2:])
d = {}
for k in [1, 1.0, True, 2**61 - 1, 2**61, -2**61, 2**62, -1, -2]:
    d[k] = d.get(k, 0) + 1
print(d, hash(2**61 - 1), hash(2**61), hash(-2**61), hash(-1), hash(-2), hash(2**62 - 1), hash(-2**62))
print((1, 2) == (1, 2.0), (1, "a") < (1, "b"), ("a", 1) < ("a", 0), [1, 2] < [1, 2, 0])
