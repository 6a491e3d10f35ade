# tpy-test: strict-stderr
match 5:
    case (_ | 1) if True:
        pass
    case 2:
        pass
