print('before')
x = [await_ for await_ in range(2)]
print(x)
async def f():
    await g()
