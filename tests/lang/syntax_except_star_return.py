# tpy-test: strict-stderr
def f(x):
    try:
        pass
    except* ValueError:
        return x + 1
