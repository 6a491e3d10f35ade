# CPython's offset 0 (not None): 'invalid syntax' at the end of the input, 'single' mode's missing newline
for s, m in [('@decorator\n', 'exec'), ('@d\n\n', 'exec'), ('def f(__debug__): pass', 'single'), ('class A: pass', 'single'), ('if 1: pass', 'single'), ('x = 1', 'single'), ('@d', 'exec')]:
    try:
        compile(s, "<t>", m); print(repr(s), m, "ok")
    except SyntaxError as e:
        print(repr(s), m, repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset)
