def g():
    yield it.send(None)
it = g()
print('start')
next(it)
