# Binding or deleting __debug__ in any form, and a 'with' header without its
# ':', are SyntaxErrors located as CPython's; an error at a NEWLINE token
# spans nothing (CPython's tokenizer leaves the '\n' out).
srcs = [
    "__debug__ = 1", "(__debug__ := 1)", "del __debug__", "(a, __debug__, c) = (1, 2, 3)",
    "(a, *__debug__, c) = (1, 2, 3)", "for __debug__ in x: pass", "f(__debug__=1)",
    "f(a=1, __debug__=1)", "__debug__: int", "__debug__: int = 1", "__debug__ += 1",
    "def f(*, x=lambda __debug__:0): pass", "def f(*args:(lambda __debug__:0)): pass",
    "def f(**kwargs:(lambda __debug__:0)): pass", "def f(**__debug__): pass",
    "def f(*xx, __debug__): pass", "def f(__debug__, /): pass", "def f(__debug__): pass",
    "lambda __debug__: 0", "lambda *__debug__: 0", "obj.__debug__ = 1", "import __debug__",
    "import a as __debug__", "from a import __debug__", "from a import b as __debug__",
    "class __debug__: pass", "def __debug__(): pass", "try: pass\nexcept E as __debug__: pass",
    "with x as __debug__: pass", "[0 for __debug__ in x]", "def g():\n    __debug__ = 1\n",
    "print(__debug__)",
    "with blech as something\n  pass", "with blech, block as something\n  pass",
    "with (blech as something)\n  pass", "with (blech, block as something)\n  pass",
    "with (blech, block as something, bluch)\n  pass", "with (a, b)\n  pass", "with a\n  pass",
    "x = 1 +\n", "x = 1 +", "def f()\n  pass", "a b\n", "x = \n", "import\n",
    "for x in y\n  pass", "while x\n  pass", "class A\n  pass", "if x\n  pass",
]
for mode in ("exec", "single"):
    for s in srcs:
        if mode == "single":
            s += "\n"
        try:
            compile(s, "<t>", mode)
            print(mode, repr(s), "ok")
        except SyntaxError as e:
            print(mode, repr(s), type(e).__name__, e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
