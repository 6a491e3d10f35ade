# randrange/randint use getrandbits-based rejection sampling: same values
# and same consumption of the generator as CPython.
import random

random.seed(1)
print([random.randint(1, 6) for _ in range(30)])
print([random.randrange(10) for _ in range(30)])
print([random.randrange(5, 15) for _ in range(20)])
print([random.randrange(0, 100, 7) for _ in range(20)])
print([random.randrange(100, 0, -3) for _ in range(20)])
print([random.randrange(-50, -10, 4) for _ in range(10)])
print([random.randint(-3, 3) for _ in range(20)])
print([random.randrange(1) for _ in range(5)], random.randint(5, 5))
print([random.randrange(2**31) for _ in range(4)])
print([random.randrange(2**32 + 1) for _ in range(4)])
print([random.randrange(2**62) for _ in range(3)])
print([random.randrange(10**30) for _ in range(3)])
print(random.randint(-10**25, 10**25), random.randrange(10**20, 10**21, 10**5))
print(random.random())

class Idx:
    def __index__(self):
        return 10
print(random.randrange(Idx()), random.randrange(0, Idx()), random.randrange(0, 100, Idx()))

for args in [(0,), (-5,), (5, 5), (5, 2), (0, 10, 0), (0, 10, -1), (10, 0, 1), ('a',), (1, None, 2)]:
    try:
        print(args, random.randrange(*args))
    except (ValueError, TypeError) as e:
        print(args, type(e).__name__, e)
try:
    random.randint(5, 1)
except ValueError as e:
    print('ValueError', e)
