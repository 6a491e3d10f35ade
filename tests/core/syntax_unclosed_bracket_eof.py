data = {'a': [1, 2, 3
print(data)
