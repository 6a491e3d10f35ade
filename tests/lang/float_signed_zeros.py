# +0.0 and -0.0 through arithmetic, lists, hashing, packing and sums in
# loops that compile: both zeros are static FloatObjects, not small floats
# (value.h), and keep their signs wherever CPython does.
import math, struct
def f(n):
    out = []
    acc = 0.0
    for i in range(n):
        x = float(i % 3) - 1.0          # -1, 0, 1
        y = x * 0.0                      # -0.0, 0.0, 0.0 (sign!)
        z = -x * 0.0
        acc += y + z
        out.append((x, y, z, math.copysign(1.0, y), math.copysign(1.0, z), x - x, -(x - x)))
    return acc, out
acc, out = f(3000)
print(acc, out[:3], out[-3:])
print(sum(1 for t in out if math.copysign(1, t[1]) < 0))
l = [0.0] * 5
for k in range(2000):
    l[k % 5] += 0.5
    l[(k + 1) % 5] -= 0.5
print(l, [math.copysign(1, v) for v in l])
vals = [0.0, -0.0, 1e-300, 2.0**-255, -2.0**-255, 1.5, 1e300, float('inf')]
for v in vals:
    print(repr(v), v == 0.0, hash(v), struct.pack('<d', v).hex(), repr(-v), v is v, bool(v))
print(-0.0 == 0.0, [0.0, -0.0].index(-0.0), {0.0: 'a'}[-0.0])
def g(xs):
    s = 0.0
    for x in xs:
        s = s * 0.5 + x
        if s == 0.0:
            s = -0.0
    return s, math.copysign(1, s)
print(g([0.0, -0.0, 1.0, -1.0, 0.0] * 400))
print(sum([0.0, -0.0]), math.fsum([-0.0, -0.0]), max(-0.0, 0.0), min(0.0, -0.0), divmod(-0.0, 1.0), round(-0.4), round(-0.4, 0))

# the same values through formatting, packing, pickling and the numeric tower
import json, pickle, array, statistics, fractions, decimal, itertools
z, nz = 0.0, -0.0
print(struct.pack('<dd', z, nz).hex(), '%f %f' % (z, nz), format(nz, '.2f'), str(nz), repr(nz), round(nz), int(nz), float('-0'))
print(sorted([0.0, -0.0, -0.0, 0.0]), {0.0: 1, -0.0: 2}, math.atan2(0.0, -0.0), math.atan2(-0.0, -0.0), complex(-0.0, 0.0), -complex(0.0, 0.0))
print(json.dumps([z, nz]), pickle.loads(pickle.dumps([z, nz])), array.array('d', [nz, z]).tolist(), fractions.Fraction(nz), decimal.Decimal(nz))
print(nz.hex(), z.hex(), float.fromhex('-0x0p+0'), nz.as_integer_ratio(), nz.is_integer(), abs(nz), -z, +nz, nz ** 2, 0.0 ** 0.0, math.sqrt(nz), math.floor(nz), math.fmod(nz, 1.0), divmod(nz, -1.0))
print(min([nz, z]), max([z, nz]), sum([nz, nz]), sum([nz, nz], -0.0), statistics.mean([nz, z]), math.prod([nz, 1.0]), z == nz, z is nz, id(z) == id(0.0 * 1))
l = [nz] * 3; l[1] += 0.0; print(l, [x * -1 for x in l], [math.copysign(1, x) for x in l])
print(list(itertools.accumulate([nz, nz, 0.0])), [nz] * 2 == [z] * 2, hash(nz), hash(z), z.__eq__(nz), (nz).__round__(2))
