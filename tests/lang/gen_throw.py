def catcher():
    while True:
        try:
            yield 'ready'
        except ValueError as e:
            print('caught', e)
            yield 'recovered'

g = catcher()
print(next(g))
print(g.throw(ValueError('bad')))
print(next(g))
try:
    g.throw(KeyError('k'))
except KeyError as e:
    print('propagated', repr(e))
try:
    next(g)
except StopIteration:
    print('dead after uncaught throw')

def simple():
    yield 1
    yield 2
s = simple()
try:
    s.throw(RuntimeError, 'unstarted')
except RuntimeError as e:
    print('unstarted throw', e)
print(list(s))

def cleanup():
    try:
        yield 1
    finally:
        print('finally ran')
c = cleanup()
next(c)
try:
    c.throw(IndexError)
except IndexError as e:
    print('got', type(e).__name__, repr(str(e)))

def swallow():
    try:
        yield 1
    except Exception:
        return 'swallowed'
w = swallow()
next(w)
try:
    w.throw(Exception('x'))
except StopIteration as e:
    print('stop value', e.value)
