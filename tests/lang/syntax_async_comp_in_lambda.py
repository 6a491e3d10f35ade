async def f(y):
    return lambda: {x: 1 async for x in y}
