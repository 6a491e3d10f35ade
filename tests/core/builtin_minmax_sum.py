# min, max (key, default), sum (start), abs, all, any, sorted stability.
print(max(3, 1, 4), min(3, 1, 4), max([1, 5, 2]), min('hello'), max('a', 'B'))
print(max([], default='empty'), min([], default=None), max([7], default=0))
print(max(['aa', 'b', 'cccc', 'dd'], key=len), min(['aa', 'b', 'cccc', 'dd'], key=len))
print(max([3, -7, 5], key=abs), min((-3, 2, -1), key=abs))
print(max([(1, 'b'), (1, 'a'), (0, 'z')]), max([1, 1.0]), max([1.0, 1]))
def neg(x):
    return -x
print(max(range(10), key=neg), min(range(10), key=neg))
print(max(['x', 'y', 'x'], key=str.upper), max([2, 3, 3, 1], key=neg))
print(sum([1, 2, 3]), sum([1, 2, 3], 10), sum([0.1] * 10), sum([]), sum([], 5), sum(range(5), start=100))
print(sum([[1], [2, 3]], []), sum([(1,), (2,)], ()), sum([True, True, False]))
print(abs(-3), abs(3.5), abs(-0.0), abs(True), abs(-(2 ** 70)))
print(all([1, 2, 3]), all([1, 0, 3]), all([]), all(''), all('abc'), all([[], 1]))
print(any([0, 0, 1]), any([0, '', None]), any([]), any('a'), any([[0]]))
print(bool(), bool(None), bool('False'), bool(0.0), bool(' '))
