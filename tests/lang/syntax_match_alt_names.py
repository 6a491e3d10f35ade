# tpy-test: strict-stderr
match [1]:
    case [x] | [y]:
        pass
