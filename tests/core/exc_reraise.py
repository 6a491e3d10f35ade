# Bare raise re-raises the exception being handled.
def inner():
    raise ValueError('original')

def middle():
    try:
        inner()
    except ValueError:
        print('middle saw it, re-raising')
        raise

try:
    middle()
except ValueError as e:
    print('outer got:', e)

def reraise_named():
    try:
        {}['k']
    except KeyError as e:
        err = e
        print('stored', repr(err))
    raise err

try:
    reraise_named()
except KeyError as e:
    print('re-raised stored exception', repr(e))

def raise_in_finally():
    try:
        raise IndexError('a')
    except IndexError:
        try:
            raise TypeError('b')
        except TypeError:
            pass
        raise

try:
    raise_in_finally()
except IndexError as e:
    print('bare raise after nested handler re-raises', repr(e))

try:
    raise
except RuntimeError as e:
    print('raise with nothing active:', e)

instance = LookupError('kept')
try:
    raise instance
except LookupError as e:
    print(e is instance, e)
