# tpy-test: strict-stderr
x = 1
match x:
    case int(real=r, imag=r):
        pass
