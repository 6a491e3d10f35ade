from itertools import count, cycle, repeat, islice

print(list(islice(count(), 5)), list(islice(count(10), 3)), list(islice(count(5, 3), 4)))
print(list(islice(count(1.5, 0.25), 4)), list(islice(count(0, -2), 4)), list(islice(count(start=2, step=5), 3)))
print(list(islice(count(2**62 - 2), 4)), list(islice(count(-2**62 - 1, 1), 2)), list(islice(count(2**70, 2**70), 2)))
print(list(islice(count(True), 2)), list(islice(count(1, True), 2)), list(islice(count(0, 0.5), 3)))
c = count(3)
print(next(c), next(c), c, count(), count(1.5), count(0, 2), count(2**70), count(0, 1.0), count(5, -1))
print(list(zip('abc', count(1))), dict(zip(count(), 'xy')))
print(list(islice(cycle('ab'), 7)), list(cycle([])), list(islice(cycle(range(3)), 10)))
cy = cycle(x for x in 'xyz')
print([next(cy) for _ in range(8)])
print(list(repeat('r', 3)), list(repeat(None, 0)), list(repeat(1, -5)), list(islice(repeat([1]), 3)))
print(repeat('a'), repeat('a', 2), repeat(object='b', times=3), list(map(pow, range(5), repeat(2))))
r = repeat(7, 3)
next(r)
print(r, r.__length_hint__(), list(r), r)
for bad in [lambda: count('a'), lambda: count(1, 'x'), lambda: count(1, 2, 3), lambda: count(x=1),
            lambda: cycle(), lambda: cycle(1), lambda: cycle([1], [2]), lambda: repeat(),
            lambda: repeat(1, 'a'), lambda: repeat(1, 2, 3), lambda: repeat(1, 2.5), lambda: repeat(1).__length_hint__()]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
