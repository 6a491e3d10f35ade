# tpy-test: strict-stderr
# The exception line of the default excepthook, as CPython 3.11's: the type
# qualified by its module unless builtins or __main__ ("<unknown>" when
# __module__ is not a str), its __qualname__, ': ' and str() unless empty,
# '<exception str() failed>'; then __notes__: each item's str() on its own
# line ('<note str() failed>'), a str iterated as a sequence, a
# non-sequence by its repr.
class MyError(Exception):
    pass
class Bad(Exception):
    def __str__(self):
        raise ValueError
e = MyError("x")
e.add_note("note one")
e.add_note("note\ntwo")
try:
    raise e
except MyError as x:
    import sys
    sys.excepthook(type(x), x, x.__traceback__)
class M(type): pass
E2 = type("E2", (Exception,), {"__module__": "foo.bar"})
try:
    raise E2("hi")
except Exception as x:
    sys.excepthook(type(x), x, x.__traceback__)
E3 = type("E3", (Exception,), {"__module__": 5})
try:
    raise E3("hi")
except Exception as x:
    sys.excepthook(type(x), x, x.__traceback__)
try:
    raise Bad(1)
except Exception as x:
    sys.excepthook(type(x), x, x.__traceback__)
x = SyntaxError("m", ("f.py", 3, 2, "  abc\n", 3, 5))
x.add_note("sn")
sys.excepthook(SyntaxError, x, None)
e = ValueError()
e.__notes__ = "notalist"
sys.excepthook(ValueError, e, None)
e = ValueError()
e.__notes__ = [1, "a", b"x"]
sys.excepthook(ValueError, e, None)
class BadNote:
    def __str__(self): raise KeyError
e = ValueError()
e.__notes__ = [BadNote()]
sys.excepthook(ValueError, e, None)
class NE(Exception):
    __module__ = "builtins"
sys.excepthook(NE, NE(), None)
class N2(Exception):
    pass
N2.__qualname__ = "Q.N2"
sys.excepthook(N2, N2("a", "b"), None)
sys.excepthook(KeyError, KeyError(), None)
sys.excepthook(KeyError, KeyError(""), None)
sys.excepthook(KeyError, KeyError("a", "b"), None)
e = ValueError()
e.__notes__ = 5
sys.excepthook(ValueError, e, None)
e.__notes__ = ("a", "b")
sys.excepthook(ValueError, e, None)
raise Bad()
