async def f():
    return None
    yield
