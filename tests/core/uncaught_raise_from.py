# An uncaught exception with an explicit cause.
def load(s):
    try:
        return int(s)
    except ValueError as e:
        raise RuntimeError('could not load ' + repr(s)) from e

print(load('12'))
print(load('twelve'))
