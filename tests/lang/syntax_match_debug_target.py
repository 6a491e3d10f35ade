# tpy-test: strict-stderr
match [1]:
    case [1] as __debug__:
        pass
