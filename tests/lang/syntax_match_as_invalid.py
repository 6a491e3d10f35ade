# tpy-test: strict-stderr
match 1:
    case [1] as x.y + 2:
        pass
