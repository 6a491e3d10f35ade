# tpy-test: strict-stderr
match [1]:
    case [x, 1] | [x, y]:
        pass
