# tpy-test: strict-stderr
def f(x):
    match x:
        case [1]:
            pass
        case y:
            pass
        case 2:
            pass
