import sys
async def inner():
    return 5
async def outer():
    v = await inner()
    return v * 2
c = outer()
try:
    c.send(None)
except StopIteration as e:
    print(e.value)
