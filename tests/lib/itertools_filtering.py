from itertools import compress, dropwhile, takewhile, filterfalse, starmap

print(list(compress('ABCDEF', [1, 0, 1, 0, 1, 1])), list(compress('ABC', [0, 1])), list(compress(range(10), [i % 3 == 0 for i in range(10)])))
print(list(compress(data='xyz', selectors=[True, False, True])), list(compress([], [1])))
print(list(dropwhile(lambda x: x < 5, [1, 4, 6, 4, 1])), list(dropwhile(lambda x: True, [1, 2])), list(dropwhile(bool, [0, 1])))
print(list(takewhile(lambda x: x < 5, [1, 4, 6, 4, 1])), list(takewhile(lambda x: False, [1])), list(takewhile(str.isdigit, '123abc45')))
print(list(filterfalse(lambda x: x % 2, range(10))), list(filterfalse(None, [0, 1, '', 'a', [], [0]])), list(filterfalse(bool, [0, 2])))
print(list(starmap(pow, [(2, 5), (3, 2), (10, 3)])), list(starmap(max, ['ab', [3, 1]])), list(starmap(lambda *a: len(a), [(), (1,), (1, 2)])))
it = takewhile(lambda x: x != 3, iter(range(10)))
print(list(it), list(it))
src = iter(range(10))
print(list(takewhile(lambda x: x < 3, src)), list(src))
dw = dropwhile(lambda c: c == ' ', '   indented')
print(''.join(dw))
for bad in [lambda: compress([1]), lambda: compress(1, [1]), lambda: dropwhile(None),
            lambda: list(dropwhile(None, [1])), lambda: takewhile(1), lambda: filterfalse(None),
            lambda: starmap(len), lambda: list(starmap(len, [1])), lambda: list(starmap(abs, [(1, 2)]))]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
