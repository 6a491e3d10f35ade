# PEP 572 scopes: a walrus in a comprehension binds in the enclosing
# function (global there when declared global, nonlocal passes it out),
# at module level in the globals; CPython 3.11's errors for the rest.
g = {}; l = {}
exec("y = 5\n[y := 1 for _ in 'a']\nz = y\n", g, l)
print(sorted(k for k in g if k != '__builtins__'), sorted(l))
GLOBAL_VAR = None
def f():
    global GLOBAL_VAR
    [GLOBAL_VAR := x for x in range(3)]
    return GLOBAL_VAR
print(f(), GLOBAL_VAR)
def f2():
    global G2
    r = [[(G2 := j) for j in range(i)] for i in range(4)]
    return r
print(f2(), G2)
def outer():
    v = 0
    def inner():
        nonlocal v
        [v := k for k in range(5)]
        return v
    return inner(), v
print(outer())
def f3():
    [[(w := i * j) for j in range(3)] for i in range(3)]
    return w
print(f3())
def f4():
    g = (q := 1 for _ in range(2))
    list(g)
    return q
print(f4())
for src in ["class C:\n    [y := 1 for _ in 'a']\n",
            "class C:\n    [[y := 1 for _ in 'a'] for _ in 'b']\n",
            "def f():\n    [i := 0 for i in range(3)]\n",
            "def f():\n    [[(j := 0) for i in range(3)] for j in range(3)]\n",
            "def f():\n    [x for x in (y := [1])]\n",
            "def f():\n    [(y := 1) for y in range(3)]\n",
            "def f():\n    global y\n    [y := 1 for _ in 'a']\n    global y\n",
            "def f():\n    [y := 1 for _ in 'a']\n    global y\n",
            "def f():\n    [lambda: (y := 1) for _ in 'a']\n    return y\n",
            ]:
    try:
        compile(src, "<s>", "exec")
        print("ok")
    except SyntaxError as e:
        print("SyntaxError:", e.msg, e.lineno, e.offset)
for src in ["def f():\n    [i for i in range(5) if (j := 0) for j in range(5)]\n",
            "[i for i in range(5) if (j := 0) for k, j in []]\n",
            "def f():\n    [(a, b) for a in 'x' for b in [(c := 1)]]\n    return c\n",
            "[x := 0 for y in 'a' for x in 'b']\n"]:
    try:
        compile(src, "<s>", "exec")
        print("ok")
    except SyntaxError as e:
        print("SyntaxError:", e.msg, e.lineno, e.offset)
