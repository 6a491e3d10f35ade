# tpy-test: strict-stderr
try:
    pass
except*:
    pass
