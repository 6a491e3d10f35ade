class ACM:
    async def __aenter__(self): return 1
    async def __aexit__(self, *a): return False
async def main():
    async with ACM() as v:
        return v
try:
    main().send(None)
except StopIteration as e:
    print(e.value)
