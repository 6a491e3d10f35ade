# ast.parse(type_comments=True): type comments in the tree, type: ignore, misplaced ones
import ast
srcs = [
 "a = 1\nb = 2 # type: ignore\nc = 3\nd = 4 # type: ignore@tag\n",
 "x = 1  # type: int\n", "x = y = f()  #type:List[int]  \n", "for x in y:  # type: int\n    pass\n",
 "with a as b:  # type: int\n    pass\n", "async def f():\n    async for x in y:  # type: int\n        pass\n    async with a as b:  # type: int\n        pass\n",
 "def f(a, b):  # type: (int, str) -> None\n    pass\n", "def f(a, b):\n    # type: (int, str) -> None\n    pass\n",
 "def f(\n    a,  # type: int\n    b=1,  # type: str\n    *args,  # type: float\n    c,  # type: bytes\n    **kw  # type: dict\n):\n    pass\n",
 "def f(\n    *, # type: int\n    a, # type: int\n):\n    pass\n",
 "def f():  # type: () -> None\n    # type: () -> int\n    pass\n",
 "print(1)  # type: int\n", "# type: int\nx = 1\n", "x = 1  # type: ignore[foo]\n", "# type: ignore\n",
 "x = 1  # type: ignored\n", "x = 1  # type: ignore  \n", "import a  # type: ignore\n", "x = 1  # typo: int\n",
 "if x:  # type: ignore\n    pass\n", "if x:  # type: int\n    pass\n", "x: int = 1  # type: int\n",
 "x = 1 # type: int # type: str\n", "lambda a: 0  # type: int\n", "def f(a):\n  # type: (int) -> None\n\n  pass\n",
 "class A:\n  x = 1  # type: int\n", "x = (1,  # type: int\n  2)\n",
]
for s in srcs:
    try:
        t = ast.parse(s, type_comments=True)
        print(repr(s), ast.dump(t, include_attributes=True))
    except SyntaxError as e:
        print(repr(s), type(e).__name__, repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))
