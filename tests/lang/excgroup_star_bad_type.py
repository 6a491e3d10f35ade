# tpy-test: strict-stderr
# except* naming an exception group type is a TypeError raised when the
# clause is reached, with the caught group as its context.
try:
    raise ExceptionGroup('eg', [ValueError(1)])
except* ExceptionGroup:
    print('not reached')
