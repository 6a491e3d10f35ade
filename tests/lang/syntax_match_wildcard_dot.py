# tpy-test: strict-stderr
match 1:
    case _.x:
        pass
