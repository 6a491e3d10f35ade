def inner():
    yield 1
    yield 2
    return 'inner-result'

def outer():
    r = yield from inner()
    print('inner returned', r)
    yield 3
    return 'outer-result'

print(list(outer()))
g = outer()
for x in g:
    print('got', x)

def flatten(x):
    if isinstance(x, (list, tuple)):
        for item in x:
            yield from flatten(item)
    else:
        yield x
print(list(flatten([1, [2, (3, [4, 5])], [[6]], 7])))

def from_iterables():
    yield from range(3)
    yield from 'ab'
    yield from [None]
    yield from {'k': 1}
print(list(from_iterables()))

def chain(*its):
    for it in its:
        yield from it
print(list(chain([1], (2, 3), range(4, 6))))
