# compile() of bytes: undeclared non-UTF-8 bytes fail only in identifiers and
# literals (CPython's decoder messages, byte columns), declared encodings
# that cannot decode, unknown ones
srcs = [b'Python = "\xcf\xb3\xf2\xee\xed" +', b'# \xf2\nx = 1', b'x\xf2 = 1', b'x = "\xf2"', b'x = 1\ny = "ab\xf2"\n', b'x = f"\xf2{1}"', b'\xf2', b'x = 1 \xf2']
for s in srcs:
    try:
        compile(s, "<t>", "exec"); print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), type(e).__name__, repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))

for s in [b"\xef\xbb\xbf#coding: utf8\nprint('x')\n", b"\xef\xbb\xbf#coding: latin-1\nprint('x')\n", b"# coding: foobar\nx=1\n", b"\xef\xbb\xbf# coding: foobar\nx=1\n"]:
    try:
        compile(s, "<t>", "exec"); print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), type(e).__name__, repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))

for s in ["# coding: ascii\n\N{SNOWMAN}".encode('utf-8'), b"# coding: latin-1\nx = '\xe9'\n", b"# coding: foobar\nx=1\n",
          b"# coding: ascii\nx = 1\ny = '\xc3\xa9'\n", b"# coding: utf-8\nx = '\xf2'\n", b"\xef\xbb\xbf# coding: latin-1\nx=1\n",
          b"# coding: ascii\n# \xe9\nx=1\n"]:
    try:
        c = compile(s, "<t>", "exec"); print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), type(e).__name__, repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset, repr(e.text))

for s in ['é = 1 +', 'x = "é" +', 'x = ("é", 1 +', 'é = $']:
    for src in (s, s.encode(), b'# coding: utf-8\n' + s.encode(), b'# coding: latin-1\n' + s.encode('latin-1')):
        try:
            compile(src, "<t>", "exec"); print(repr(src), "ok")
        except SyntaxError as e:
            print(repr(src), repr(e.msg), e.lineno, e.offset, e.end_lineno, e.end_offset)
