# more type comment placements: parenthesized with, parameters, lambdas, comments after
import ast
for s in ["with (a, b):  # type: int\n    pass\n", "with (a as b):  # type: int\n    pass\n", "with (a as b, c as d):  # type: int\n    pass\n",
          "with (a):  # type: int\n    pass\n", "for x in y:  # type: ignore\n    pass\n", "def f(a,  # type: int\n      ): pass\n",
          "def f(a  # type: int\n      ): pass\n", "def f(*, a  # type: int\n      ): pass\n", "lambda a,  # type: int\n: 0\n",
          "def f(\n  a,  # type: int\n  /,  # type: int\n): pass\n", "x = [  # type: int\n 1]\n", "def f():\n    # type: () -> int\n    # comment\n    pass\n",
          "class A:  # type: ignore\n  pass\n", "x = 1  # type: List[int]  # noqa\n", "x = 1  #  type:  int\n", "x = 1  # type:int\n"]:
    try:
        print(repr(s), ast.dump(ast.parse(s, type_comments=True)))
    except SyntaxError as e:
        print(repr(s), e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
