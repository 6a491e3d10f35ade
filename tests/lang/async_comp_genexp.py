# Asynchronous generator expressions: an async for clause or an await makes
# a generator expression an async generator, allowed in any function (it is
# not awaited where it is made); async comprehensions nested in a generator
# expression of a plain function.

class Y:
    def __await__(self):
        yield 'tick'

class Ticker:
    def __init__(self, n):
        self.i, self.n = 0, n
    def __aiter__(self):
        return self
    async def __anext__(self):
        await Y()
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        return self.i - 1

async def twice(x):
    await Y()
    return 2 * x

def run(coro):
    while True:
        try:
            coro.send(None)
        except StopIteration as e:
            return e.value

def plain():
    # built in a plain function, iterated by a coroutine
    return (x * 3 async for x in Ticker(4))

def plain_nested(n):
    return ([y async for y in Ticker(x)] for x in range(n))

def plain_await(xs):
    return (await twice(x) for x in xs)

async def main():
    g = plain()
    print(type(g).__name__, g.__name__, g.__qualname__)
    print([v async for v in g])
    print([v async for v in plain_await([1, 2, 3])])
    ag = plain_nested(3)
    print(type(ag).__name__)
    print([v async for v in ag])
    gen = ((a, b) async for a in Ticker(3) if a for b in range(a))
    out = []
    async for p in gen:
        out.append(p)
    print(out)
    try:
        async for v in (1 / x async for x in Ticker(3)):
            print(v)
    except ZeroDivisionError as e:
        print('ZeroDivisionError', e)
    print(await anext((x async for x in Ticker(2)), 'empty'))
    print(await anext((x async for x in Ticker(0)), 'empty'))
    return 'ok'

print(run(main()))
