def f(y):
    return {await x for x in y}
