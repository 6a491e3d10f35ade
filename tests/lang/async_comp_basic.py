# Asynchronous comprehensions: async for clauses, await in the element, in
# conditions and in later iterables, nesting, driven by send(None).

class Ticker:
    """An asynchronous iterator over range(n) whose __anext__ awaits."""
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __aiter__(self):
        return self
    async def __anext__(self):
        await Yield()
        if self.i >= self.n:
            raise StopAsyncIteration
        self.i += 1
        return self.i - 1

class Yield:
    def __await__(self):
        yield 'tick'

async def double(x):
    await Yield()
    return 2 * x

def run(coro):
    ticks = 0
    while True:
        try:
            coro.send(None)
        except StopIteration as e:
            return ticks, e.value
        ticks += 1

async def comps():
    print([x async for x in Ticker(4)])
    print({x % 3 async for x in Ticker(7)})
    print({x: x * x async for x in Ticker(3)})
    print([x async for x in Ticker(10) if x % 2 if x > 3])
    print([await double(x) for x in range(4)])
    print([x for x in range(6) if await double(x) > 4])
    print([(a, b) async for a in Ticker(3) for b in range(a)])
    print([(a, b) for a in range(3) async for b in Ticker(a)])
    print([[y async for y in Ticker(x)] async for x in Ticker(4)])
    print([[await double(y) for y in range(x)] for x in range(3)])
    print([x for x in await double(2) * [1]])
    total = 0
    async for v in Ticker(3):
        total += sum([w async for w in Ticker(v + 1)])
    print(total)
    try:
        [x async for x in range(3)]
    except TypeError as e:
        print(type(e).__name__, e)
    try:
        [x async for x in Ticker(2) if 1 / (x - 1)]
    except ZeroDivisionError as e:
        print(type(e).__name__, e)
    return 'done'

print(run(comps()))

async def hot():
    s = 0
    for i in range(3000):
        s += sum([x async for x in Ticker(3)]) + len([await double(i) for _ in range(2)])
    return s

print(run(hot()))
