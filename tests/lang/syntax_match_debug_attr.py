# tpy-test: strict-stderr
class C:
    pass
match C():
    case C(x=1, __debug__=2):
        pass
