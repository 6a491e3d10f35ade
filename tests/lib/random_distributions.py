# Real-valued distributions; gauss() caches its second value.
import random

def r(x):
    return round(x, 12)

random.seed(8)
print([r(random.uniform(1, 5)) for _ in range(3)], r(random.uniform(5, 1)))
print([r(random.triangular()) for _ in range(2)], r(random.triangular(0, 10, 3)), r(random.triangular(2, 2, 2)))
print([r(random.gauss()) for _ in range(3)])
print([r(random.gauss(10, 2)) for _ in range(3)])
print([r(random.normalvariate()) for _ in range(3)], r(random.normalvariate(5, 0.5)))
print([r(random.lognormvariate(0, 1)) for _ in range(3)])
print([r(random.expovariate(1.5)) for _ in range(3)], r(random.expovariate(-2)))
print([r(random.vonmisesvariate(1.0, 4.0)) for _ in range(3)], r(random.vonmisesvariate(0, 0)))
print([r(random.gammavariate(a, 2.0)) for a in (0.3, 0.9, 1.0, 2.5, 30.0)])
print([r(random.betavariate(a, b)) for a, b in ((0.5, 0.5), (2, 5), (1, 1), (10, 3))])
print([r(random.paretovariate(3.0)) for _ in range(3)])
print([r(random.weibullvariate(1.0, 1.5)) for _ in range(3)])
try:
    random.gammavariate(0, 1)
except ValueError as e:
    print('ValueError', e)
try:
    random.gammavariate(1, -1)
except ValueError as e:
    print('ValueError', e)

# gauss values come in pairs: seeding resets the cached one
random.seed(1)
a = random.gauss()
random.seed(1)
print(a == random.gauss(), r(random.gauss()))
print(random.random())
