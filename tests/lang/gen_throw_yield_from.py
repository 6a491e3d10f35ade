def leaf():
    try:
        yield 'leaf1'
        yield 'leaf2'
    except KeyError:
        yield 'leaf handled KeyError'
    finally:
        print('leaf finally')
def mid():
    try:
        yield from leaf()
    except ValueError:
        yield 'mid handled ValueError'
def top():
    yield from mid()
    yield 'top end'
g = top()
print(next(g))
print(g.throw(KeyError))
print(next(g))
g = top()
print(next(g))
print(g.throw(ValueError))
print(next(g))
g = top()
next(g)
try:
    g.throw(TypeError('unhandled'))
except TypeError as e:
    print('escaped', e)
def sendmid():
    x = yield from echo()
    yield 'sendmid got %r' % (x,)
def echo():
    v = None
    while v != 'quit':
        v = yield 'echo %r' % (v,)
    return 'echo-done'
s = sendmid()
print(next(s), s.send(1), s.send('two'), s.send('quit'))
