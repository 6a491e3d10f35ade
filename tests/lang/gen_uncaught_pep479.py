def g():
    yield 1
    next(iter([]))
print('start')
for v in g():
    print('got', v)
