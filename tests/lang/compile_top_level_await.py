# compile(flags=PyCF_ALLOW_TOP_LEVEL_AWAIT): await, async for/with and async
# comprehensions in module code make a coroutine code object, run through
# FunctionType(code, globals)() or eval(code, globals); without the flag they
# are errors; types.FunctionType checks its arguments as CPython
import ast, asyncio, types
CO_COROUTINE = 0x80
async def arange(n):
    for i in range(n):
        yield i
samples = ['a = await asyncio.sleep(0, result=1)',
 'async for i in arange(1):\n    a = 1',
 'async with asyncio.Lock() as l:\n    a = 1',
 'a = [x async for x in arange(2)][1]',
 'a = 1 in {x async for x in arange(2)}',
 'a = {x:1 async for x in arange(1)}[0]',
 'a = [x async for x in arange(2) async for x in arange(2)][1]',
 'a = [x async for x in (x async for x in arange(5))][1]',
 'a, = [1 for x in {x async for x in arange(1)}]',
 'a = [await asyncio.sleep(0, x) async for x in arange(2)][1]']
for mode in ('single', 'exec'):
    for src in samples:
        try:
            compile(src, '?', mode); print('compiled?!')
        except SyntaxError as e:
            print('SyntaxError', e.msg)
        co = compile(src, '?', mode, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
        print(bool(co.co_flags & CO_COROUTINE))
        g = {'asyncio': asyncio, 'a': 0, 'arange': arange}
        asyncio.run(types.FunctionType(co, g)())
        print(g['a'])
        g = {'asyncio': asyncio, 'a': 0, 'arange': arange}
        asyncio.run(eval(co, g))
        print(g['a'])
for src in ['a = 1', 'async def f(): await x', 'def f():  await arange(10)\n', 'lambda: (await x)']:
    try:
        co = compile(src, '?', 'exec', flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
        print(bool(co.co_flags & CO_COROUTINE))
    except SyntaxError as e:
        print('SyntaxError', e.msg)

def gen():
    yield 1
    yield 2
print(type(eval(gen.__code__)).__name__, list(eval(gen.__code__)))

def outer():
    x = 1
    def inner(y=2):
        return x + y
    return inner
i = outer()
h = types.FunctionType(i.__code__, globals(), 'nm', (5,), (types.CellType(10),))
print(h(), h.__name__, h.__qualname__, h.__defaults__)
g = {}
f = types.FunctionType(compile('a = 1', '?', 'exec'), g)
print(f.__name__, f(), g['a'])
for args in [(1, {}), (i.__code__, []), (i.__code__, {}, 1), (i.__code__, {}, None, 1), (i.__code__, {}),
             (i.__code__, {}, None, None, 1), (i.__code__, {}, None, None, ()), (i.__code__, {}, None, None, (1,))]:
    try:
        types.FunctionType(*args)
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
