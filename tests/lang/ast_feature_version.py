# ast.parse(feature_version=(3, N)) rejects newer constructs with CPython's messages and locations
import ast
cases = [
 ((3,7), '(x := 0)'), ((3,7), 'def foo(x, /): ...'), ((3,7), 'def bar(x=1, /): ...'), ((3,7), 'lambda x, /: ...'),
 ((3,7), 'lambda x=1, /: ...'), ((3,8), 'with (CtxManager() as example): ...'), ((3,8), 'with (a, b): ...'),
 ((3,8), 'with (a): ...'), ((3,8), 'with (a, b) as c: ...'), ((3,7), 'f"{x=}"'), ((3,7), 'f"{x!r}"'),
 ((3,10), 'try: ...\nexcept* Exception: ...\n'), ((3,9), 'match x:\n case 1: pass\n'),
 ((3,4), 'async def f(): pass'), ((3,4), 'async def f():\n async for x in y: pass'),
 ((3,4), 'async def f():\n async with x: pass'), ((3,4), 'async def f():\n await x'),
 ((3,5), 'async def f():\n [x async for x in y]'), ((3,5), 'x: int = 1'), ((3,5), 'x: int'),
 ((3,7), 'x = 1\ny = (z := 2) + 3\nw = 4'), ((3,7), 'def f(\n  a,\n  /,\n  b): pass'),
 ((3,8), 'async def f():\n async with (a as b): pass'), ((3,7), '[y := 1 for x in z]'),
 ((3,7), 'f(x := 1)'), ((3,10), 'try:\n  pass\nexcept* E:\n  pass\nx = 1\n'),
 ((3,7), 'x = f"{a=}" + 1'), ((3,7), 'x = f"{a = !r:>10}"'),
 ((3,8), 'x[a:b, *c]'), ((3,7), 'def f(a, /, *, b): pass'),
]
for fv, s in cases:
    try:
        ast.parse(s, feature_version=fv); print(fv, repr(s), 'ok')
    except SyntaxError as e:
        print(fv, repr(s), e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
