# A hot loop (3000+ iterations) driving async generators through a small
# event loop: async for, await inside the generator, asend, async
# comprehensions and generator expressions; the JIT may compile the
# driving loops while the generator bodies run interpreted.

class Sleep:
    def __await__(self):
        yield 'sleep'

async def counter(n):
    total = 0
    for i in range(n):
        if i % 7 == 0:
            await Sleep()
        sent = yield i
        if sent is not None:
            total += sent
    yield -total

def run(coro):
    ticks = 0
    while True:
        try:
            coro.send(None)
        except StopIteration as e:
            return ticks, e.value
        ticks += 1

async def main():
    s = 0
    async for v in counter(3500):
        s += v
    print('async for', s)
    g = counter(3200)
    acc = await g.__anext__()
    for i in range(3100):
        acc += await g.asend(i)
    print('asend', acc)
    sq = [x * x async for x in counter(3000) if x % 3 == 0]
    print('listcomp', len(sq), sum(sq))
    ge = (x + 1 async for x in counter(3000))
    t = 0
    async for y in ge:
        t += y
    print('genexp', t)
    return 'done'

print(run(main()))
