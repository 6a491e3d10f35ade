# Non-int seeds such as floats are seeded from their hash, bools as ints.
import random

for s in [0.0, 1.5, -2.5, 3.14159, 1e100, -1e-10, 2.0, True, False, None]:
    random.seed(s)
    if s is None:
        print('None', type(random.random()).__name__)
    else:
        print(repr(s), random.random(), random.randrange(1000))

random.seed(2.0)
a = random.random()
random.seed(2)
print('2.0 vs 2:', a == random.random())

try:
    random.seed([1, 2])
except TypeError as e:
    print('TypeError:', e)
try:
    random.seed({})
except TypeError as e:
    print('TypeError:', e)
