# len, min/max, sum, sorted, reversed, enumerate, zip on lists.
data = [4, 8, 15, 16, 23, 42]
print(len(data), min(data), max(data), sum(data), sum(data) / len(data))
print(list(reversed(data)), data)
print(list(enumerate(data)), list(enumerate(data, 1)))
print(list(zip(data, 'abcdef')), list(zip([1, 2, 3], [4, 5])))
print(max(['apple', 'fig', 'banana'], key=len), min([3, -5, 2], key=abs))
print(any(data), all(data), any([]), all([]), any([0, '', None]), all([1, 0]))
total = 0
for i, v in enumerate(data):
    total += i * v
print(total)
matrix = [[1, 2, 3], [4, 5, 6]]
transposed = list(zip(matrix[0], matrix[1]))
print(transposed)
print(list(map(str, data)), list(filter(None, [0, 1, '', 'a', None, [], [0]])))
print(data.index(max(data)), sorted(data, reverse=True)[:3])
print(list(range(len(data)))[::-2])
print(len(list(reversed([]))), list(map(abs, [-1, -2])))
