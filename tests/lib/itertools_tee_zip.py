from itertools import tee, zip_longest, pairwise, islice

a, b = tee(range(5))
print(list(a), list(b))
a, b, c = tee('xyz', 3)
print(next(a), list(b), list(a), list(c))
print(tee([1], 0), len(tee('ab', 5)), type(tee([1])[0]).__name__)
it = iter(range(300))
x, y = tee(it)
print(sum(x), sum(y), list(islice(tee(range(100))[1], 95, None)))
x, y = tee(iter(range(3)))
x2, = tee(x, 1)
print(next(x), list(x2), list(y))
a, b = tee(iter([1, 2, 3]))
c, d = tee(a)
print(list(c), list(d), list(b))
c0 = a.__copy__()
print(list(c0))
# lookahead
def lookahead(iterable):
    a, b = tee(iterable)
    next(b, None)
    return zip_longest(a, b)
print(list(lookahead('abc')))
print(list(zip_longest('abc', 'de')), list(zip_longest('a', 'bcd', fillvalue='-')), list(zip_longest()))
print(list(zip_longest([1, 2], [], fillvalue=0)), list(zip_longest([], [])), list(zip_longest(range(3))))
print(list(zip_longest('ab', 'xyz', [True], fillvalue=None)))
print(list(pairwise('abcd')), list(pairwise([1])), list(pairwise([])), list(pairwise(range(5))))
print([b - a for a, b in pairwise([1, 4, 9, 16, 25])])
for bad in [lambda: tee(), lambda: tee(1), lambda: tee([1], -1), lambda: tee([1], 'a'), lambda: zip_longest(1),
            lambda: zip_longest([1], x=1), lambda: pairwise(), lambda: pairwise(1), lambda: pairwise([1], 2)]:
    try:
        print(bad())
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
