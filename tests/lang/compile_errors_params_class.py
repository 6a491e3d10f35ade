# 'expected comma between / and *', a bare generator expression as a class's
# only base, class keywords checked as a call's, ASCII control characters.
srcs = [
    "def foo(a=1,/*,b,c):\n   pass", "lambda a=1,/*,b,c: None", "def foo(a,/*,b): pass",
    "def foo(a,/,*,b): pass", "lambda a,/,*,b: 0",
    "class C(x for x in L):\n    pass", "class C(x for x in L, a):\n    pass",
    "class C(a, x for x in L):\n    pass", "f(x for x in L)", "f(x for x in L, a)",
    "class C(x=1, x=2): pass", "class C(__debug__=1): pass", "class C(a, x=1, y=2): pass",
    'print\x17("Hello")', 'x = 1\x01', 'x = (1,\n\x7f)', 'x = "\x17"', '\x1b', 'a\x0cb',
    'x = 1 # \x17\n', '$x', 'a ? b',
]
for s in srcs:
    try:
        compile(s, "<t>", "exec")
        print(repr(s), "ok")
    except SyntaxError as e:
        print(repr(s), type(e).__name__, e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
