# compile(..., 'single') reads its text as the prompt would: a compound
# statement whose last body is on its header's line needs a newline after it.
for s in ['def f(): pass', 'if 1: pass\nelse: pass', 'while x: pass # c', '@d\ndef f(): pass',
          'if 1:\n  pass\nelse: pass', 'class A: x = 1; y = 2', 'if 1: pass\n', 'x = 1', 'for x in y: pass\n# c',
          'if 1:\n  pass', 'def f():\n  if x: pass', 'try: pass\nfinally: pass', 'with a: pass\n\n']:
    try:
        compile(s, 's', 'single')
        print(repr(s), 'ok')
    except SyntaxError as e:
        print(repr(s), e.msg, e.lineno, e.end_lineno)
