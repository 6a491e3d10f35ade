# tpy-test: strict-stderr
match [1, 2]:
    case [x, (1 | 2) as x]:
        pass
