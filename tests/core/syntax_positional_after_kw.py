def f(a, b):
    return a
f(a=1, 2)
