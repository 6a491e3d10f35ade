async def f():
    return 1
print('defined')
c = f()
try:
    c.send(None)
except StopIteration as e:
    print(e.value)
