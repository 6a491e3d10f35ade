# async with / async for: CPython's TypeErrors for objects lacking the protocols.
class Nothing: pass
class EnterOnly:
    async def __aenter__(self): return 1
class BadEnter:
    def __aenter__(self): return 1
    async def __aexit__(self, *a): return False
class AiterNoAnext:
    def __aiter__(self): return 5
class BadAnext:
    def __aiter__(self): return self
    def __anext__(self): return 7
class Suppress:
    async def __aenter__(self): return 'in'
    async def __aexit__(self, t, v, tb):
        print('aexit', t.__name__ if t else None)
        return True

async def use_with(m):
    async with m as v:
        return v
async def use_for(it):
    r = []
    async for x in it:
        r.append(x)
    return r
async def suppressing():
    async with Suppress() as v:
        print(v)
        raise ValueError('x')
    return 'after'
async def returning():
    for i in range(3):
        async with Suppress():
            if i == 1:
                return i
def drive(c):
    try:
        c.send(None)
    except StopIteration as e:
        return 'result %r' % (e.value,)
    except TypeError as e:
        c.close()
        return 'TypeError: %s (cause %s)' % (e, type(e.__cause__).__name__)
for m in (Nothing(), EnterOnly(), BadEnter()):
    print(drive(use_with(m)))
for it in (Nothing(), AiterNoAnext(), BadAnext(), [1]):
    print(drive(use_for(it)))
print(drive(suppressing()))
print(drive(returning()))
