# tpy-test: strict-stderr
match {}:
    case {**_}:
        pass
