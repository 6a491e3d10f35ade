# Async generators: the awaitables' state errors and CPython 3.11's messages.

class Y:
    def __await__(self):
        yield 'tick'

def step(aw, v=None):
    """One send into an awaitable; what it did, as text."""
    try:
        r = aw.send(v)
        return 'yielded %r' % (r,)
    except StopIteration as e:
        return 'StopIteration %r' % (e.value,)
    except BaseException as e:
        return '%s: %s' % (type(e).__name__, e)

async def gen():
    try:
        yield 1
        await Y()
        yield 2
    finally:
        print('gen finally')

async def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 'again'

async def catcher():
    while True:
        try:
            yield 'waiting'
        except ValueError as e:
            yield 'caught %s' % e

async def raises_sai():
    yield 1
    raise StopAsyncIteration

async def raises_si():
    yield 1
    raise StopIteration(5)

g = gen()
a = g.__anext__()
print(type(a).__name__, a.__await__() is a, iter(a) is a)
print(step(a))
print(step(a))
b = g.__anext__()
print(step(b))
print('running', g.ag_running, type(g.ag_await).__name__)
c = g.__anext__()
print('second', step(c))
print(step(b))
print(step(b))
print(step(g.asend(None)))
print(step(g.__anext__()))

g = gen()
print(step(g.asend(5)))
a = g.__anext__()
print(step(a, 7))
print(step(a))
a.close()
print(step(a))

g = stubborn()
print(step(g.__anext__()))
cl = g.aclose()
print(type(cl).__name__, step(cl))
print(step(cl))

g = catcher()
print(step(g.__anext__()))
t = g.athrow(ValueError, 'bad')
print(type(t).__name__, step(t))
print(step(g.athrow(ValueError('worse'))))
print(step(g.athrow(KeyError)))
print(step(g.athrow(KeyError)))
print(step(g.aclose()))

g = catcher()
print(step(g.__anext__()))
a = g.__anext__()
try:
    a.throw(ValueError('via asend'))
except StopIteration as e:
    print('asend.throw', e.value)
print(step(a))

g = catcher()
print(step(g.athrow(1)))

g = raises_sai()
print(step(g.__anext__()))
print(step(g.__anext__()))
g = raises_si()
print(step(g.__anext__()))
print(step(g.__anext__()))

g = gen()
print(step(g.aclose()))
print(step(g.__anext__()))
g = gen()
print(step(g.__anext__()))
cl = g.aclose()
print(step(cl))
print(step(cl))
print(step(g.aclose()))

g = gen()
print(step(g.__anext__()))
a = g.__anext__()
print(step(a))
print(step(g.aclose()))
print(step(g.athrow(ValueError)))
print(step(a))

try:
    anext(1)
except TypeError as e:
    print(e)
try:
    aiter(1)
except TypeError as e:
    print(e)
class BadAiter:
    def __aiter__(self):
        return 1
try:
    aiter(BadAiter())
except TypeError as e:
    print(e)
print(aiter(g) is g)
print(step(g.aclose()))
