# tpy-test: strict-stderr
match "x":
    case f"x":
        pass
