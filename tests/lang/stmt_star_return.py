def f(a, b):
    return *a, *b
print(f([1], (2, 3)))
def g():
    yield *range(2), 'x'
print(list(g()))
for x in *[1, 2], 3:
    print(x, end=' ')
print()
t = 1, *'ab', 2
print(t)
a = [1, 2]
print([*a, *a][::-1], {**dict(x=1), **dict(x=2)})
def h(*args):
    return args
print(h(*a, *a, 9))
print(*[1, 2], *('a',), sep='|')
x = *a, 
print(x)
