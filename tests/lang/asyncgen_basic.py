# Async generators: async for, __anext__/asend/anext with a default, ag_* attributes,
# async comprehensions and generator expressions over them, aclose().
import sys
class Y:
    def __await__(self):
        yield 'tick'
async def agen(n):
    for i in range(n):
        await Y()
        x = yield i
        if x is not None:
            print('got', x)
    print('agen done')
def run(coro):
    ticks = 0
    while True:
        try:
            coro.send(None)
        except StopIteration as e:
            return ticks, e.value
        ticks += 1
async def main():
    r = []
    async for v in agen(3):
        r.append(v)
    print(r)
    g = agen(3)
    print(type(g).__name__, g.__aiter__() is g, g.ag_running, g.ag_await, g.__name__, g.__qualname__, g.ag_code.co_name, g.ag_frame is not None)
    print(await g.__anext__(), await g.asend('hello'), await anext(g))
    try:
        await anext(g)
    except StopAsyncIteration as e:
        print('SAI', repr(e))
    print(await anext(g, 'dflt'), g.ag_frame)
    print([x async for x in agen(2)])
    print(sorted({x async for x in agen(3)}))
    ge = (x * 10 async for x in agen(3))
    print(type(ge).__name__, [y async for y in ge])
    g = agen(5)
    print(await g.__anext__())
    print(await g.aclose(), g.ag_frame)
    try:
        await g.__anext__()
    except StopAsyncIteration:
        print('closed SAI')
    it = Countdown(2)
    print([await anext(it, 'dflt') for _ in range(3)])
    return 'ok'

class Countdown:
    # an async iterator that is not a generator: anext()'s default wraps
    # whatever awaitable its __anext__ returns
    def __init__(self, n):
        self.n = n
    def __aiter__(self):
        return self
    async def __anext__(self):
        await Y()
        if not self.n:
            raise StopAsyncIteration
        self.n -= 1
        return self.n
print(run(main()))
