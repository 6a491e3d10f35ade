def g1():
    try:
        yield 1
        return 'from try'
    finally:
        print('g1 finally')
print(list(g1()))
def g2():
    try:
        yield 1
    finally:
        return 'finally return'
g = g2()
next(g)
try:
    next(g)
except StopIteration as e:
    print('value', e.value)
g = g2()
next(g)
print('close result', g.close())
def g3():
    for i in range(3):
        try:
            yield i
        except ValueError:
            print('ignore at', i)
g = g3()
print(next(g), g.throw(ValueError), g.throw(ValueError))
try:
    g.throw(ValueError)
except StopIteration:
    print('stopped')
except ValueError:
    print('ValueError escaped')
def g4():
    yield 1
    raise KeyError('in gen')
g = g4()
next(g)
try:
    next(g)
except KeyError as e:
    print('KeyError', e)
print(next(g, 'exhausted after error'))
