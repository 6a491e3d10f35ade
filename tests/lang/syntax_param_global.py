def f(x):
    global x
    return x
