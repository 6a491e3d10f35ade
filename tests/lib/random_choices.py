import random

random.seed(3)
print(random.choices('abc'))
print(random.choices('abc', k=10))
print(random.choices(range(100), k=5))
print(random.choices('abc', [1, 5, 2], k=10))
print(random.choices('abc', weights=[0, 0, 1], k=4))
print(random.choices('abc', cum_weights=[1, 5, 20], k=10))
print(random.choices(['x', 'y'], [0.3, 0.7], k=6))
print(random.choices('ab', k=0), random.choices('ab', k=-2))
for bad in [lambda: random.choices('abc', 3), lambda: random.choices('ab', [1]),
            lambda: random.choices('ab', [1, 2], cum_weights=[1, 3]),
            lambda: random.choices('ab', [0, 0]), lambda: random.choices('ab', [1, float('inf')]),
            lambda: random.choices('ab', cum_weights=[1]), lambda: random.choices('ab', k=1.5),
            lambda: random.choices([], k=1)]:
    try:
        print(bad())
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
print(random.random())
