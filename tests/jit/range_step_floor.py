# range(a, b, step) with a constant step and math.floor/ceil/trunc, as the
# JIT records them (a virtual iterator; float roundings computed in the
# trace): results over empty, one-item and long ranges, steps that do and
# do not divide the extent, negative bounds, floats at the edges of the
# small-int range, and the inputs that leave the compiled path (big
# floats, inf, nan, ints, bools, objects with __floor__).
import math

def ranges(n):
    out = []
    for i in range(n):
        t = 0
        for j in range(i, -3, -1): t += j
        for j in range(i, 20, 3): t += j * 2
        for j in range(i, -9, -4): t -= j
        for j in range(5, i, -2): t += 7 * j
        for j in range(0, i, 1): t += 1
        for j in range(3, i, -1): t += 100
        for j in range(-i, i, 5): t ^= j
        out.append(t)
    return out

def inlined_step(k, step_down):
    s = []
    if step_down:
        for j in range(k, k - 5, -2): s.append(j)
    else:
        for j in range(k, k + 5, 2): s.append(j)
    return s

def calls(n):
    acc = []
    for i in range(n):
        acc.append(inlined_step(i, i % 3 == 0))
    return acc

class Floors:
    def __floor__(self): return 'floor'
    def __ceil__(self): return 'ceil'
    def __trunc__(self): return 'trunc'

def roundings(xs):
    out = []
    for x in xs:
        out.append((math.floor(x), math.ceil(x), math.trunc(x)))
    return out

def float_loop(n):
    s = 0
    for i in range(n):
        x = (i - n / 2) * 0.731
        s += math.floor(x) * 3 + math.ceil(x) * 5 + math.trunc(x) * 7
    return s

r = ranges(40)
print(r[:5], r[-3:], sum(r))
c = calls(300)
print(c[:4], c[-2:])
xs = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.5, -2.5, 1e15 + 0.5, -1e15 - 0.5,
      0.9999999999999999, -1e-300, 4.5e18, -4.5e18, 4.6e18, -4.6e18, 1e19, -1e300]
for _ in range(200):
    out = roundings(xs)
print(out)
for _ in range(50):
    mixed = roundings([3, -7, True, 2.75, Floors(), -2.75])
print(mixed)
print(float_loop(5000))
for bad in (float('inf'), float('-inf'), float('nan')):
    for fn in (math.floor, math.ceil, math.trunc):
        try:
            print(fn(bad))
        except (OverflowError, ValueError) as e:
            print(type(e).__name__, e)
