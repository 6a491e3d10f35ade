# feature_version < 3.7: async and await are names outside an async def
import ast
for fv in [(3,6), (3,7)]:
    for s in ["async = 12\nawait = 13\n", "async def f():\n    await x\n    async with a: pass\nawait = 1\n",
              "def g():\n    async = 1\n    return async\n", "async def f():\n    def g():\n        await = 2\n",
              "async def f(): return await x\nawait = 3\n", "x = async.foo\n", "async def f():\n  [x async for x in y]\n"]:
        try:
            print(fv, repr(s), ast.dump(ast.parse(s, feature_version=fv)))
        except SyntaxError as e:
            print(fv, repr(s), e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
