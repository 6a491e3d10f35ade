# tpy-test: strict-stderr
match []:
    case *x:
        pass
