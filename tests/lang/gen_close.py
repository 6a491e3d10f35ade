def g1():
    try:
        yield 1
        yield 2
    except GeneratorExit:
        print('GeneratorExit seen')
        raise
    finally:
        print('finally g1')

g = g1()
print(next(g))
print(g.close())
g.close()
print(list(g))

def g2():
    try:
        yield 1
    except GeneratorExit:
        yield 'bad'
g = g2()
next(g)
try:
    g.close()
except RuntimeError as e:
    print('RuntimeError', e)

def g3():
    try:
        yield 1
    except GeneratorExit:
        return 'ignored'
g = g3()
next(g)
print(g.close())

def g4():
    yield 1
g = g4()
g.close()
print(list(g))

def g5():
    try:
        yield
    finally:
        raise ValueError('from finally')
g = g5()
next(g)
try:
    g.close()
except ValueError as e:
    print('close raised', e)
print(issubclass(GeneratorExit, Exception), issubclass(GeneratorExit, BaseException))
