# "was never closed": end offset 0, the line's newline only if the input ended there
for s in ['x = (1,\n', 'x = (1,\n\n\n', 'x = (1,\n  2,\n', 'x = (1,', 'x = (1,\n# c\n', 'x = [1,\\\n', 'x = {1:\n  [2,\n', 'f(1 for c in I,\\\n\\']:
    try:
        compile(s, "<t>", "exec"); print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), type(e).__name__, repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))
