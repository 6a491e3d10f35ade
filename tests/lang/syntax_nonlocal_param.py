def outer():
    x = 1
    def inner(x):
        nonlocal x
    return inner
