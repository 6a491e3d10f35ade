import warnings
srcs = ['x is 1', 'x is not "a"', 'x is None', 'assert (x, "msg")', '(1, 2)(3)', '[1, 2][3, 4]', '5[1]', '"abc"["x"]', '{1}[0]',
        'f"x"(1)', '[x for x in y][1.5]', 'x = "\\d"', 'x = b"\\q"', '0xfor x', '1if x else y', 'x[1:2]', '(1,2)[0]']
for s in srcs:
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        compile(s, "<t>", "exec")
    print(repr(s), [(x.category.__name__, str(x.message), x.lineno) for x in w])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            compile(s, "<t>", "exec")
        except SyntaxError as e:
            print("  SyntaxError", e.msg, e.lineno, e.offset)
