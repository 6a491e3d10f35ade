import random

random.seed(5)
print([random.choice('abcdefghij') for _ in range(20)])
print([random.choice([10, 20, 30]) for _ in range(10)])
print(random.choice(range(1000, 2000)), random.choice((None, True, 'x')))
for n in [0, 1, 2, 3, 10, 52]:
    l = list(range(n))
    random.shuffle(l)
    print(n, l)
deck = [r + s for s in 'SHDC' for r in 'A23456789TJQK']
random.shuffle(deck)
print(deck[:13])
words = ['alpha', 'beta', 'gamma', 'delta']
for _ in range(3):
    random.shuffle(words)
    print(words)
try:
    random.choice([])
except IndexError as e:
    print('IndexError', e)
try:
    random.choice('')
except IndexError as e:
    print('IndexError', e)
print(random.random())
