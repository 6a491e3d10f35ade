from itertools import islice, count
import sys

s = 'ABCDEFG'
print(list(islice(s, 2)), list(islice(s, 2, 4)), list(islice(s, 2, None)), list(islice(s, 0, None, 2)))
print(list(islice(s, None)), list(islice(s, None, None, 3)), list(islice(s, 10)), list(islice(s, 5, 3)), list(islice(s, 0)))
print(list(islice(range(100), 5, 50, 10)), list(islice(count(), 3, 20, 4)), list(islice(s, True)))
print(list(islice(s, sys.maxsize)), list(islice(s, 1, sys.maxsize, sys.maxsize)))
it = iter(range(10))
print(list(islice(it, 3)), next(it), list(islice(it, 2, 4)), list(it))
# islice stops without consuming beyond stop
it = iter(range(10))
list(islice(it, 0, 4, 3))
print(next(it))
def noisy():
    for i in range(5):
        print('yield', i)
        yield i
print(list(islice(noisy(), 1, 3)))
class Idx:
    def __index__(self):
        return 2
print(list(islice(s, Idx())), list(islice(s, Idx(), None, Idx())))
for args in [(-1,), ('a',), (1.5,), (2**70,), (-5,), (-1, 3), (1, -1), (1, -5), (2**70, 3), (1.5, 3), (0, 3, 0),
             (0, 3, -1), (0, 3, 1.5), (0, 3, 2**70), ('x', -1)]:
    try:
        print(args, list(islice(s, *args)))
    except ValueError as e:
        print(args, 'ValueError', e)
for bad in [lambda: islice(s), lambda: islice(s, 1, 2, 3, 4), lambda: islice(1, 2), lambda: islice(s, stop=2)]:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError', e)
