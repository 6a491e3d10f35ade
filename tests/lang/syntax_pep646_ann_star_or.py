print("never")
def f(*a: *b or c):
    pass
