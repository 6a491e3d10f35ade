# tpy-test: strict-stderr
match [1]:
    case [1, *a, 2, *b]:
        pass
