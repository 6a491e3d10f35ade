# tpy-test: strict-stderr
class C:
    pass
match C():
    case C(a=1, b=2, a=3):
        pass
