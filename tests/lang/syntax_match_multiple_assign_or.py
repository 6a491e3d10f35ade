# tpy-test: strict-stderr
match [1, 2]:
    case [y, [y] | (y, 1)]:
        pass
