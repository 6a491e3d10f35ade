# tpy-test: strict-stderr
match 5:
    case _:
        pass
    case 1:
        pass
