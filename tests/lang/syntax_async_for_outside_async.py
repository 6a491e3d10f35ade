def f():
    async for x in g():
        pass
