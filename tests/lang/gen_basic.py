def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1
g = count_up(3)
print(type(g).__name__, g.__name__, g.__qualname__)
print(next(g), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print('StopIteration', e.value, e.args)
print(list(count_up(5)), sum(count_up(101)))
print(next(count_up(0), 'default'))
def empty():
    return
    yield
print(list(empty()))
def with_return():
    yield 1
    return 'done'
g = with_return()
next(g)
try:
    next(g)
except StopIteration as e:
    print(repr(e.value), e.args)
print(iter(g) is g)
for x in count_up(3):
    print(x, end=' ')
print()
