# Dicts with int, str, tuple, float, bool, None keys; KeyError messages.
d = {1: 'one', 'two': 2, (3, 'three'): 3.0, 4.5: 'float', None: 'nothing', False: 'zero'}
print(d[1], d['two'], d[(3, 'three')], d[4.5], d[None], d[False], d[0], d[0.0])
print(d[1.0], d[True], True in d)
print(d)
for k in [1, 'two', (3, 'three'), 4.5, None, 'missing', (1, 2), 99, 2.25]:
    try:
        print(repr(k), '->', d[k])
    except KeyError as e:
        print(repr(k), '-> KeyError', e, repr(e), e.args)
grid = {}
for x in range(3):
    for y in range(3):
        grid[(x, y)] = x * 3 + y
print(grid[(2, 1)], grid[1, 2], len(grid))
print(sorted(grid.items())[:4])
big = {2 ** 100: 'big', -1: 'neg', 10 ** 20: 'twenty'}
print(big[2 ** 100], big[-1], big[100000000000000000000])
inv = {}
for k, v in {'a': 1, 'b': 2, 'c': 1}.items():
    inv.setdefault(v, []).append(k)
print(inv)
