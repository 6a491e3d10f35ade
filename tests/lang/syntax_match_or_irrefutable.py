# tpy-test: strict-stderr
match 5:
    case 1 | z | 3:
        pass
