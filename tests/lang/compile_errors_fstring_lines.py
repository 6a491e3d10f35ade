# errors inside multi-line f-string expressions: lines, columns and text as CPython's
srcs = [
 "f'''\n            {\n            (123_a)\n            }'''",
 'f\'\'\'\n            {\n            f"""\n            {\n            (123_a)\n            }\n            """\n            }\'\'\'',
 'f"""\n\n\n            {\n            6\n            0="""',
 'x = f"""{\n6\n0}"""', 'x = f"""{  \n6\n0}"""', 'x = f"""ab\n  cd {\n6\n0}"""', 'x = f"""ab\n  cd { 6\n0}"""',
 'x = f"""{ 6\n0}"""', 'x = f"{6 0}"', 'x = f"{a b}"', 'x = f"{123_a}"', 'x = f"""{\n123_a}"""', 'x = f"""{ 1 +\n123_a}"""',
 'x = f"""ab\n  cd {1+\n 123_a}"""', 'x = f"{$}"', 'x = f"""{\n$}"""', 'x = f"{)}"', 'x = f"""{\n  a b\n}"""',
 'x = f"{f\'{a b}\'}"', 'x = f"{f\'{123_a}\'}"',
]
for s in srcs:
    try:
        compile(s, "<t>", "exec"); print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), type(e).__name__, repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))
