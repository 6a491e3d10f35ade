# An async list comprehension over an async generator (was in tests/unsupported:
# tpy had no async generators or comprehensions)
async def agen():
    yield 1
    yield 2
async def main():
    return [x async for x in agen()]
try:
    main().send(None)
except StopIteration as e:
    print(e.value)
