import random

random.seed(123)
st = random.getstate()
print(type(st).__name__, len(st), st[0], len(st[1]), st[1][-1], st[2])
a = [random.random() for _ in range(700)]
random.setstate(st)
b = [random.random() for _ in range(700)]
print(a == b)

# the cached gauss value is part of the state
random.seed(5)
random.gauss()
st = random.getstate()
print(st[2] is not None)
g1 = random.gauss()
random.setstate(st)
print(g1 == random.gauss())

r1 = random.Random(42)
r2 = random.Random()
r2.setstate(r1.getstate())
print([r1.randint(0, 99) for _ in range(5)] == [r2.randint(0, 99) for _ in range(5)])

# version 2 states (signed ints) are accepted
r = random.Random(9)
v, internal, g = r.getstate()
r.setstate((2, internal, g))
print(r.random())

for bad in [(4, (), None), (3, [0] * 625, None), (3, (0,) * 10, None), (3, (0,) * 624 + (625,), None),
            (3, (0,) * 624 + (-1,), None), (3, ('x',) + (0,) * 624, None)]:
    try:
        random.setstate(bad)
        print('ok')
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
r = random.Random()
r.setstate((3, (0,) * 624 + (624,), None))
print(r.getrandbits(32))
