# One code object run with two namespaces (FunctionType(code, globals),
# exec of one code object twice): compiled code made for one must not
# serve the other (its globals and builtins are constants in it).
def func(s):
    n = 0
    for i in range(300):
        n += len(s)
    return n


def scale(x):
    return x * factor


factor = 2
print(func("abc"), func("ab"))
g = {"__builtins__": {"len": lambda s: 99, "range": range}}
f5 = type(func)(func.__code__, g)
print(f5("abc"), func("abcd"))
ns = {}
f6 = type(func)(func.__code__, ns)
print(f6("a"))
other = {"factor": 10}
s2 = type(scale)(scale.__code__, other)
print(sum(scale(i) for i in range(500)), sum(s2(i) for i in range(500)))
code = compile("t = 0\nfor i in range(400):\n    t += k\n", "<loop>", "exec")
for k in (1, 5):
    d = {"k": k}
    exec(code, d)
    print(d["t"])
d1, d2 = {"k": 3}, {"k": 7}
for _ in range(3):
    exec(code, d1)
    exec(code, d2)
print(d1["t"], d2["t"])
