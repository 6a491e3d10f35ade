# A tiny round-robin event loop driving several coroutines with send(None),
# hot enough (3000+ steps) for the JIT to compile the driver loop.
class Yield:
    def __await__(self):
        yield None

async def sleep0():
    await Yield()

async def worker(name, n, out):
    total = 0
    for i in range(n):
        total += i
        if i % 3 == 0:
            await sleep0()
        else:
            await Yield()
    out.append((name, total))
    return total

class Lock:
    def __init__(self): self.held = False; self.log = []
    async def __aenter__(self):
        while self.held:
            await Yield()
        self.held = True
        return self
    async def __aexit__(self, t, v, tb):
        self.held = False
        return False

class Ticker:
    def __init__(self, n): self.i = 0; self.n = n
    def __aiter__(self): return self
    async def __anext__(self):
        await Yield()
        self.i += 1
        if self.i > self.n:
            raise StopAsyncIteration
        return self.i

async def guarded(lock, k, out):
    s = 0
    async for t in Ticker(k):
        async with lock:
            s += t
            await Yield()
    out.append(('guarded', k, s))
    return s

def run(coros):
    ready = list(coros)
    results = []
    steps = 0
    while ready:
        c = ready.pop(0)
        steps += 1
        try:
            c.send(None)
        except StopIteration as e:
            results.append(e.value)
        else:
            ready.append(c)
    return results, steps

out = []
lock = Lock()
res, steps = run([worker('a', 1500, out), worker('b', 1000, out), guarded(lock, 400, out), guarded(lock, 300, out)])
print(res, steps)
print(out)

# a hot loop creating and driving coroutines
async def add(a, b):
    await Yield()
    return a + b
acc = 0
for i in range(4000):
    c = add(i, 1)
    c.send(None)
    try:
        c.send(None)
    except StopIteration as e:
        acc += e.value
print(acc)
