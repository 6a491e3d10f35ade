# tpy-test: strict-stderr
try:
    pass
except* ValueError, TypeError:
    pass
