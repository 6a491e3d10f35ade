# tpy-test: strict-stderr
match {}:
    case {f"x": 1}:
        pass
