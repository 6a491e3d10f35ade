# The "as" name is cleared after the handler; exceptions inside __init__ and __str__.
try:
    1 / 0
except ZeroDivisionError as err:
    print('inside handler:', err)
try:
    print(err)
except NameError as e:
    print('after handler:', e)

err = 'kept?'
try:
    raise ValueError('v')
except ValueError as err:
    pass
try:
    err
except NameError:
    print('the name was deleted even though it existed before')

class Fragile:
    def __init__(self, n):
        if n < 0:
            raise ValueError('negative size: ' + str(n))
        self.n = n

for n in [3, -1]:
    try:
        obj = Fragile(n)
        print('built', obj.n)
    except ValueError as e:
        print('constructor failed:', e)

class BadStr:
    def __str__(self):
        raise RuntimeError('cannot stringify')

try:
    print(BadStr())
except RuntimeError as e:
    print('str failed:', e)
try:
    s = 'value: ' + str(BadStr())
except RuntimeError as e:
    print('str() failed:', e)

def handler_returns():
    try:
        raise KeyError('x')
    except KeyError as e:
        return 'returned from handler with ' + repr(e)
print(handler_returns())

def exc_as_value():
    errors = []
    for v in ['1', 'x', '2', '']:
        try:
            int(v)
        except ValueError as e:
            errors.append(e)
    return errors
errs = exc_as_value()
print(len(errs), [str(errs[0]), str(errs[1])], type(errs[0]).__name__)
