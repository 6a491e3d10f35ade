print("never")
async def f(y):
    class C:
        z = [x async for x in y]
