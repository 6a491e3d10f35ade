# "nonlocal and global" is found by the analysis, at the first declaration
srcs = ['def f():\n  global x\n  nonlocal x', 'def f():\n  x = 1\n  def g():\n    nonlocal x\n    global x\n',
        'def f():\n  global x\n  nonlocal x\ndef g(a, a): pass\n', 'def f():\n  global x, y\n  global y\n  nonlocal y',
        'class A:\n  def f():\n    global __x\n    nonlocal __x\n', 'def f():\n  global x\n  x = 1\n  nonlocal x',
        'def f():\n    nonlocal x\n    global x\n']
for s in srcs:
    try:
        compile(s, "<t>", "exec"); print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), type(e).__name__, repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))
