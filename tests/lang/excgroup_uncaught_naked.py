# tpy-test: strict-stderr
# A naked exception caught by except* and re-raised with a bare raise
# leaves as the group the clause saw (which has no traceback of its own
# before it propagates); one no clause matches leaves unchanged.
def inner():
    try:
        raise ValueError('naked')
    except* TypeError:
        print('not reached')

def outer():
    try:
        inner()
    except ValueError as e:
        print('unmatched naked exception re-raised as is:', repr(e))
    try:
        raise ValueError('again')
    except* ValueError:
        raise

outer()
