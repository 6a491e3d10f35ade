# tpy-test: strict-stderr
# What a try/except* re-raises, printed uncaught: a new group holding the
# exception raised in a clause (with the matched part as its context)
# beside the re-raised and unhandled parts of the original, which keep its
# shape, traceback and cause.
def fail():
    try:
        raise KeyError('cause')
    except KeyError as k:
        raise ExceptionGroup('outer', [ValueError('v'), TypeError('t'),
                                       ExceptionGroup('inner', [OSError('o'), ZeroDivisionError()])]) from k

def main():
    try:
        fail()
    except* OSError:
        raise RuntimeError('raised in the OSError clause')
    except* TypeError:
        raise
    except* ValueError as e:
        print('handled', repr(e))

main()
