# range: steps, negative steps, len, indexing, in, repr, slicing.
for r in [range(5), range(2, 8), range(0, 10, 3), range(10, 0, -2), range(5, 5), range(5, 0), range(-3, 3), range(0, -10, -4)]:
    print(repr(r), list(r), len(r), bool(r))
r = range(3, 30, 4)
print(r[0], r[-1], r[2], r[1:4], r[::-1], r[::2], list(r[1:4]))
print(7 in r, 8 in r, 31 in r, -1 in range(-5, 0), 3.0 in r)
print(r.index(11), r.count(7), r.start, r.stop, r.step)
print(range(0) == range(5, 2), range(1, 4) == range(1, 4), range(1, 4, 2) == range(1, 5, 2))
print(sum(range(101)), max(range(-5, 5)), min(range(10, 0, -1)), list(reversed(range(4))))
print(len(range(0, 10 ** 12, 7)), range(10 ** 12)[-1])
total = 0
for i in range(10, -11, -5):
    total += i
    print(i, end=' ')
print(total)
print(list(range(1, 2, 10)), list(range(-1)), repr(range(-5, -1, 2)))
