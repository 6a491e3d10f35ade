print("never")
def f(*, a: *b):
    pass
