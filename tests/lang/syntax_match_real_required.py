# tpy-test: strict-stderr
match 1:
    case -1j - 2j:
        pass
