# a walrus anywhere inside a comprehension's iterable, a lambda's body included, is an error
for s in ["[i for i in (lambda:(j := range(5)))()]", "{i for i in (lambda:(j := range(5)))()}",
          "[i for i in range(3) for j in (lambda: (k := 1))()]", "[(lambda: (k := 1))() for i in range(3)]",
          "lambda: [i for i in (lambda:(j := range(5)))()]", "[i for i in (lambda: [x for x in (y := [])])()]",
          "[i for i in (lambda: [(x := 1) for x in []])()]"]:
    try:
        compile(s, "<t>", "exec"); print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
