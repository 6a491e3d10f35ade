# tpy-test: strict-stderr
match {}:
    case {1: a, -1: b, 1.0: c}:
        pass
