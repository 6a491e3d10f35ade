# a tokenizer error met by a rule looking past a generator argument's comma wins
srcs = ['"\\\n"(1 for c in I,\\\n\\', 'f(1 for c in I,\\\n\\', 'f(1 for c in I, 2)', 'f(1 for c in I,\n', 'f(a, 1 for c in I,\\\n\\',
        'f(1 for c in I, $)']
for s in srcs:
    try:
        compile(s, "<t>", "exec"); print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), type(e).__name__, repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))
