print("never")
def f(**k: *b):
    pass
