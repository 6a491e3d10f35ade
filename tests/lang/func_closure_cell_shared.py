def pair():
    v = 0
    def setter(x):
        nonlocal v
        v = x
    def getter():
        return v
    return setter, getter

s, g = pair()
s(42)
print(g())
s('hello')
print(g())

def cell_in_loop():
    fns = []
    x = 0
    for _ in range(3):
        x += 1
        fns.append(lambda: x)
    return [f() for f in fns]
print(cell_in_loop())

def arg_cell(a):
    def f():
        return a
    a = a * 2
    return f()
print(arg_cell(21))

def del_cell():
    x = 1
    def f():
        return x
    del x
    try:
        f()
    except NameError as e:
        print(type(e).__name__, e)
del_cell()
