import random as rnd
from random import *

print(sorted(rnd.__all__))
print(all(callable(getattr(rnd, n)) for n in rnd.__all__))
seed(4)
print(random(), randint(1, 9), choice('xyz'), sample(range(9), 2), uniform(1, 2))
print(type(rnd.Random).__name__, rnd.Random.__name__, rnd.Random.__mro__[1].__name__, rnd.Random.VERSION)
print(rnd.BPF, rnd.RECIP_BPF, round(rnd.NV_MAGICCONST, 12), round(rnd.SG_MAGICCONST, 12), round(rnd.LOG4, 12), round(rnd.TWOPI, 12))
r = rnd.Random(4)
print(r.random() == rnd.Random(4).random(), r.seed(4) is None)
print(isinstance(rnd.SystemRandom(), rnd.Random))
try:
    rnd.Random(1, 2)
except TypeError as e:
    print('TypeError', e)
try:
    rnd.random(1)
except TypeError as e:
    print('TypeError', e)
try:
    rnd.getrandbits(-1)
except ValueError as e:
    print('ValueError', e)
try:
    rnd.getrandbits(1.5)
except TypeError as e:
    print('TypeError', e)
print(rnd.getrandbits(0))
