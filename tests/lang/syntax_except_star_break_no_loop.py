# tpy-test: strict-stderr
try:
    pass
except* ValueError:
    break
