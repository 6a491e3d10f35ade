# anext(it, default) over an __anext__ that is a generator-based coroutine
# (types.coroutine): its return value is the result
import types
class It:
    def __init__(self):
        self.yielded = 0
    def __aiter__(self):
        return self
    @types.coroutine
    def __anext__(self):
        if False:
            yield "x"
        if self.yielded >= 2:
            raise StopAsyncIteration()
        else:
            self.yielded += 1
            return self.yielded

def run(c):
    try:
        while True:
            c.send(None)
    except StopIteration as e:
        return e.value

async def t2():
    out = []
    g1 = It()
    out.append(await anext(g1))
    out.append(await anext(g1))
    for _ in range(2):
        try:
            await anext(g1)
        except StopAsyncIteration:
            out.append("stop")
    g2 = It()
    for _ in range(4):
        out.append(await anext(g2, "default"))
    return out

for i in range(3):
    print(run(t2()))
