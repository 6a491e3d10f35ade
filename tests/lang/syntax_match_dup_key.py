# tpy-test: strict-stderr
match {}:
    case {'a': 1, 'b': 2, 'a': 3}:
        pass
