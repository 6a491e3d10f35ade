class AIter:
    def __init__(self): self.n = 0
    def __aiter__(self): return self
    async def __anext__(self):
        self.n += 1
        if self.n > 2:
            raise StopAsyncIteration
        return self.n
async def main():
    async for v in AIter():
        print(v)
c = main()
try:
    c.send(None)
except StopIteration:
    print('done')
