def f():
    def g():
        nonlocal zz
        zz = 1
    return g
