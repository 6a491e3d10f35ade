# errors at the end of the input: the column CPython's tokenizer had reached
for s in ['if x:\n', 'if x:', 'try:\n  pass\n', 'def f():\n', 'try: pass\n', 'try: pass', 'class A:\n  def f(self):\n', 'for x in y:\n  pass\nelse:\n', 'x = 1\nif x:\n  # c\n', 'match x:\n case 1: pass\n case 2:\n']:
    for mode in ('exec', 'single'):
        try:
            compile(s, "<t>", mode); print(repr(s), mode, "ok")
        except SyntaxError as e:
            print(repr(s), mode, type(e).__name__, e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
