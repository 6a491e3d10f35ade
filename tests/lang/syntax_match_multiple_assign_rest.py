# tpy-test: strict-stderr
match {}:
    case {'a': x, **x}:
        pass
