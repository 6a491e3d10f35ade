# tpy-test: strict-stderr
# How the default excepthook prints SyntaxError objects made by hand, as
# CPython 3.11: the location, the source line with its indentation stripped
# and carets between offset and end_offset (clipped to the line, one caret
# for subclasses, none when the offset falls in the indentation or is
# unknown), then only the msg: notes are not printed. An attribute of the
# wrong type makes it print as any other exception; so does any exception
# with a print_file_and_line attribute.
import sys
def show(e):
    sys.excepthook(type(e), e, None)
show(SyntaxError("m", ("f.py", 3, 2, "  abc\n", 3, 5)))
show(SyntaxError("m", ("f.py", 3, 4, "  abcdef\n", 3, 7)))
show(SyntaxError("m", ("f.py", 3, 4, "  abcdef\n", 4, 2)))
show(SyntaxError("m", ("f.py", 3, 4, "  abcdef", 3, 99)))
show(SyntaxError("m", ("f.py", 3, 99, "abc\n", 3, 100)))
show(SyntaxError("m", ("f.py", 3, None, "abc\n", None, None)))
show(SyntaxError("m", ("f.py", 3, 0, "abc\n", 3, 0)))
show(SyntaxError("m", ("f.py", 3, -3, "abc\n", 3, 2)))
show(SyntaxError("m", (None, 3, 2, "abc\n", 3, 3)))
show(SyntaxError("m", ("f.py", None, 2, "abc\n", 3, 3)))
show(SyntaxError("m", ("f.py", 3, 2, None, 3, 3)))
show(SyntaxError("m", ("f.py", 3, "x", "abc", 3, 3)))
show(SyntaxError("m", ("f.py", 3, 5, "ab\ncdef\ngh", 3, 7)))
show(SyntaxError("m", ("f.py", 3, 2, "ab\ncdef\ngh", 3, 3)))
show(SyntaxError("m", ("f.py", 3, 3, "é = ab", 3, 5)))
show(SyntaxError("m", ("f.py", True, 1, "\tx", 1, 3)))
show(SyntaxError("m", ("f.py", 3, 2, "abc\n")))
show(SyntaxError())
show(SyntaxError("only msg"))
show(SyntaxError(None, ("f.py", 3, 2, "abc\n", 3, 3)))
show(SyntaxError("", ("f.py", 3, 2, "abc\n", 3, 3)))
show(IndentationError("m", ("f.py", 3, 2, "abcdef\n", 3, 5)))
show(TabError("m", ("f.py", 3, 2, "abcdef\n", 3, 5)))
class MySE(SyntaxError): pass
show(MySE("m", ("f.py", 3, 2, "abcdef\n", 3, 5)))
class PF(Exception):
    print_file_and_line = None
    msg = "pf msg"
    filename = "pf.py"
    lineno = 7
    offset = 2
    text = "xyz"
e = PF("a")
show(e)
e.add_note("note")
show(e)
e = SyntaxError("m", ("f.py", 3, 2, "abcdef\n", 3, 5))
e.msg = 42
show(e)
e.filename = 3.5
show(e)
