def f(**k: *b):
    pass
