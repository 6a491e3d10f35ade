# compile(..., 'single') reads a string: empty lines inside a block do not end
# it (only the interactive prompt ends a block at an empty line).
cases = [
    'def f(x):\n    "doc"\n\n    if x:\n        return 1\n    return 2\n',
    'if 1:\n  x = 1\n\n  y = 2\n',
    'for i in range(2):\n\n  print(i)\n',
    'x = 1\ny = 2\n',
    'x = 1\n\n\ny = 2\n',
    'def f():\n  pass\nx = 1\n',
    'def f():\n  pass\n\nx = 1\n',
    'x = 1; y = 2\n',
    'x = 1\n# c\n',
    '\n\nx = 1\n',
    'if 1:\n  x\nelse:\n  y\n\n\n',
]
for s in cases:
    try:
        code = compile(s, "<s>", "single")
        print("ok", repr(s))
    except SyntaxError as e:
        print("SyntaxError", repr(s), e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)

ns = {}
exec(compile(cases[0], "<s>", "single"), ns)
print(ns["f"](0), ns["f"](1))
