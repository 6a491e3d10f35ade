# tpy-test: strict-stderr
match 1:
    case int(a=1, b, c):
        pass
