print("never")
def f(*a: *b) -> *c:
    pass
