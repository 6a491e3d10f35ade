# List literals, indexing, len, in, +, *, ==, <.
a = [1, 2, 3, 4, 5]
print(a, len(a), a[0], a[-1], a[2], a[-2])
print([], [[]], [1, 'two', 3.0, None, True, [5]])
print(3 in a, 9 in a, 9 not in a, [] in [[]])
print(a + [6, 7], [0] * 5, [1, 2] * 3, [] * 10, 2 * ['x'])
print(a == [1, 2, 3, 4, 5], a == [1, 2, 3], a != [5], [1, 2] == [1.0, 2.0])
print([1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 99], [] < [0], ['a'] < ['b'])
print([1, [2, 3]] < [1, [2, 4]], [1, 2] <= [1, 2], [3] >= [2, 9])
b = a
b[0] = 100
print(a, a is b)
c = list(a)
c[0] = -1
print(a, c, a is c)
print(list(range(5)), list(range(2, 10, 3)), list('hi'), list((1, 2)), list())
print(len([]), len([[1, 2, 3]]), bool([]), bool([0]))
m = [[0] * 3] * 2
m[0][0] = 1
print(m)
grid = [[0] * 3, [0] * 3]
grid[0][0] = 1
print(grid)
x = [1, 2, 3]
x += [4]
x *= 2
print(x)
print(min(a), max(a), sum(a), sum([0.5, 0.25]), sum([[1], [2]], []), sum([1, 2], 10))
print(sorted([3, 1, 2]), sorted(['b', 'a']), a.index(4), a.count(2))
