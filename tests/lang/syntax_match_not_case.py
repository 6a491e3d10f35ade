# tpy-test: strict-stderr
match 1:
    pass
