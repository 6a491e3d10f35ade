# Coroutine objects: attributes, send/throw/close, await forms and errors.
async def f(x):
    return x + 1

c = f(1)
print(type(c).__name__, repr(c).startswith('<coroutine object f at 0x'))
print(c.__name__, c.__qualname__, c.cr_running, c.cr_await, c.cr_code is f.__code__)
print(f.__code__.co_flags & 0x3a0)
try:
    c.send(None)
except StopIteration as e:
    print('returned', e.value)
print(c.cr_frame)
for how in ('send', 'throw', 'close'):
    try:
        if how == 'send': print(c.send(None))
        elif how == 'throw': print(c.throw(ValueError))
        else: print(c.close())
    except BaseException as e:
        print(how, type(e).__name__, e)

c = f(1)
try:
    c.send(5)
except TypeError as e:
    print(e)
c.close()

class Fut:
    def __init__(self): self.result = None
    def __await__(self):
        v = yield self
        return v * 10

async def waiter():
    a = await Fut()
    b = await f(a)
    return a, b

c = waiter()
fut = c.send(None)
print(type(fut).__name__, c.cr_await is not None)
try:
    c.send(4)
except StopIteration as e:
    print('waiter', e.value)

class NoAwait: pass
class BadAwait:
    def __await__(self): return 5
class CoroAwait:
    def __await__(self):
        c = f(1)
        c.close()
        return c
async def aw(x):
    return await x
for obj in (NoAwait(), BadAwait(), CoroAwait(), 3):
    try:
        aw(obj).send(None)
    except TypeError as e:
        print(type(e).__name__, e)

async def bad():
    raise StopIteration(3)
try:
    bad().send(None)
except RuntimeError as e:
    print(type(e).__name__, e, type(e.__cause__).__name__)

async def stubborn():
    try:
        await Fut()
    except GeneratorExit:
        await Fut()
c = stubborn()
c.send(None)
try:
    c.close()
except RuntimeError as e:
    print(e)

async def catcher():
    try:
        await Fut()
    except KeyError as e:
        return 'caught ' + repr(e)
c = catcher()
c.send(None)
try:
    c.throw(KeyError('k'))
except StopIteration as e:
    print(e.value)

# __await__ gives the coroutine_wrapper iterator
c = waiter()
w = c.__await__()
print(type(w).__name__, iter(w) is w)
print(type(next(w)).__name__)
try:
    w.send(2)
except StopIteration as e:
    print('wrapper', e.value)

# awaiting a coroutine twice
async def twice():
    inner = f(0)
    await inner
    await inner
try:
    twice().send(None)
except RuntimeError as e:
    print(e)

# a non-coroutine generator cannot yield from a coroutine
def gen():
    c = f(1)
    c.close()
    yield from c
try:
    next(gen())
except TypeError as e:
    print(e)
