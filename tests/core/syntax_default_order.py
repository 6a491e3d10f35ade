def f(a=1, b):
    return a + b
