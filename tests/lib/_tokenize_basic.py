# _tokenize.TokenizerIter: CPython 3.11's C token stream (no COMMENT/NL,
# exact operator types, byte columns, the tokenizer's line buffer)
import _tokenize
import tokenize


def show(src):
    try:
        for t in _tokenize.TokenizerIter(src):
            print(t)
    except SyntaxError as e:
        print(type(e).__name__, e.args)
    print("--")


show("1 + 1")
show("if x:\n  # c\n  y = \"\u00e9\" + f\"{a}\"  # hi\n\n(1,\n 2)\n\"\"\"a\nb\"\"\" + \\\n 3\n")
show("def f():\n    pass\n")
show("x = (1,\n")
show("a\\\n")
show("async def f(): await x\n")
show("a <> b; c -> d := e ... @= **= //= >>= <<= != ~\n")
show("$ ? !\n")
show("a\r\nb\rc\n")
show("\u00e4\u00f6 = '\u20ac'\n")
show("0x1f 1_000j 1e5 1.5 .5 0o7 0b1\n")
show("x = \"a\\\nb\"\n")
show("'''a\n\nb''' if x else \\\n 3\n")
show("if x:\n  y\n\n  # c\nz\n")
show("")
show("# only a comment\n\n")
show("    x\n")
show("x\x0cy\n")
# errors: raised with CPython's messages and positions, or a silent stop
show("\"abc\n")
show("'''abc\n")
show("0x")
show(")")
show("0377")
show("0_7")
show("a = (]")
show("\\ x")
show("if 1:\n\tx\n        y\n")
show("if x:\n    y\n  z\n")
try:
    _tokenize.TokenizerIter("a\x00b")
except ValueError as e:
    print("ValueError", e)
try:
    _tokenize.TokenizerIter(b"x")
except TypeError as e:
    print("TypeError", e)

# through tokenize's wrapper
for tok in tokenize._generate_tokens_from_c_tokenizer("for i in range(3):\n    print(i)\n"):
    print(tok)
for a, k in [((), {}), (("a", "b"), {}), ((), {"source": 1})]:
    try:
        _tokenize.TokenizerIter(*a, **k)
    except TypeError as e:
        print("TypeError", e)
print(list(_tokenize.TokenizerIter(source="x")))
it = _tokenize.TokenizerIter("x")
print(iter(it) is it, type(it).__name__)
for s in ['x = "\ud800"\n', '\ud800\n']:
    try:
        print(list(_tokenize.TokenizerIter(s)))
    except Exception as e:
        print(type(e).__name__, e)
