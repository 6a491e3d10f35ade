# codeop's compile flags (PyCF_ALLOW_INCOMPLETE_INPUT, PyCF_DONT_IMPLY_DEDENT):
# input that ends too early is "incomplete input", so compile_command()
# returns None and code.InteractiveConsole asks for more lines, as CPython's.
import code, codeop, io, sys, warnings

SOURCES = [
    "(a **", "(a **\n", "'\\e' + (", "if 1:", "if 1:\n", "if 1:\n  print(5)", "if 1:\n  print(5)\n",
    "def f():\n  return 1", "def f():\n  return 1\n", "a = (", "x = [1,\n", "1 +", "1 +\n", "1 2",
    "a = '''abc", "@a.b\n", "@a.", "[x for x in", "x = 1", "x = 1\n", "if 1: x", "if 1: x\n",
    "for x in y:\n  if x:\n    pass", "class A:\n  pass\n\n", "", "# comment", "1 +\\",
    "try:\n  pass\nexcept E:", "match x:\n  case 1:\n    pass",
]
for src in SOURCES:
    for symbol in ("single", "exec"):
        try:
            r = codeop.compile_command(src, "<input>", symbol)
            print(repr(src), symbol, "incomplete" if r is None else "code")
        except SyntaxError as e:
            print(repr(src), symbol, type(e).__name__, e.msg)

# compile() itself, with and without the flags
for src in ["1 +", "if 1:\n  x", "if 1: x", "(1,", "'\\e' 1", "1 2"]:
    for flags in (0, 0x200, 0x4000, 0x4200):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            try:
                compile(src, "<input>", "single", flags)
                result = "ok"
            except SyntaxError as e:
                result = "%s: %s" % (type(e).__name__, e.msg)
        print(repr(src), hex(flags), result, len(w), "warning(s)")

# the errors at the last line: line, offset and text as CPython's
for src in ["if 1:\n  print(5)", "for x in y:\n  if x:\n    pass"]:
    for flags in (0x200, 0x4200):
        try:
            compile(src, "<input>", "single", flags)
        except SyntaxError as e:
            print(repr(src), hex(flags), e.args)

# a console session: push() says whether it waits for more
console = code.InteractiveConsole()
out = io.StringIO()
lines = ["if 1:", "  print(5)", "", "x = (1 +", " 2)", "print(x)", "def f():", "  return 7", "", "f()",
         "for i in range(2):", "  for j in range(2):", "    print(i, j)", "", "1 +", "1 + 2 +", "3"]
saved = sys.stdout
sys.stdout = out
try:
    more = [console.push(line) for line in lines]
finally:
    sys.stdout = saved
print(more)
print(out.getvalue())
