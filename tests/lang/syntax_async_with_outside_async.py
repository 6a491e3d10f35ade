def f():
    async with g():
        pass
