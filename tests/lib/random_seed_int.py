# Seeding with ints (all bits used, sign ignored) gives CPython's sequences.
import random

for seed in [0, 1, 2, 42, 12345, -1, -42, 2**31, 2**32 - 1, 2**32, 2**32 + 1,
             2**53, 2**62, 2**63 - 1, 2**64, 2**100 + 7, -(2**100 + 7), 10**40, 3**200]:
    random.seed(seed)
    vals = [random.random() for _ in range(3)]
    print(seed if seed < 10**12 else 'big', vals, random.getrandbits(8), random.getrandbits(32))

random.seed(7)
print([random.getrandbits(k) for k in (0, 1, 5, 31, 32, 33, 62, 63, 64, 65, 100, 128)])
random.seed(7)
print(random.getrandbits(1000) % 10**30)

# a long stream crosses several regenerations of the 624-word state
random.seed(2024)
total = 0.0
for i in range(5000):
    total += random.random()
print(round(total, 6), random.random())

# seed() returns None and resets the stream
print(random.seed(99))
a = [random.random() for _ in range(4)]
random.seed(99)
print(a == [random.random() for _ in range(4)])
