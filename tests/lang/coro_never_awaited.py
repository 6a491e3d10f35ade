# A coroutine that is never awaited: CPython's RuntimeWarning on stderr
# (tpy prints it when the coroutine is finalized, at the latest at exit).
async def f():
    return 1
def g():
    f()
g()
print('done')
