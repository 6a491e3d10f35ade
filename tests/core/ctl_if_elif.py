# if / elif / else chains, truthiness, nested conditions.
def classify(n):
    if n < 0:
        return 'negative'
    elif n == 0:
        return 'zero'
    elif n < 10:
        return 'small'
    elif n < 100:
        return 'medium'
    else:
        return 'large'

for v in [-5, 0, 3, 42, 1000]:
    print(v, classify(v))

for v in [0, 1, '', 'a', [], [0], {}, {'k': 1}, None, 0.0, -0.0, 0.1, (), (None,)]:
    if v:
        print(repr(v), 'truthy')
    else:
        print(repr(v), 'falsy')

x = 7
if x > 5:
    if x % 2 == 0:
        print('big even')
    else:
        print('big odd')
if not x == 8:
    print('not eight')
if x > 0 and x < 10 or x == 100:
    print('in range or hundred')
print('yes' if x == 7 else 'no')
print('a' if x < 0 else 'b' if x < 5 else 'c')
if x:
    pass
else:
    print('unreachable')
