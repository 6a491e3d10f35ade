# Custom exception classes.
class AppError(Exception):
    pass

class NotFound(AppError):
    def __init__(self, name):
        super().__init__('not found: ' + name)
        self.name = name

class Invalid(AppError):
    def __init__(self, field, value):
        self.field = field
        self.value = value

    def __str__(self):
        return 'invalid ' + self.field + '=' + repr(self.value)

class Code(Exception):
    code = 500

def lookup(db, key):
    if key not in db:
        raise NotFound(key)
    if db[key] is None:
        raise Invalid(key, db[key])
    return db[key]

db = {'a': 1, 'b': None}
for key in ['a', 'b', 'c']:
    try:
        print('value', lookup(db, key))
    except NotFound as e:
        print('NotFound:', e, e.name, e.args, isinstance(e, AppError))
    except AppError as e:
        print(type(e).__name__ + ':', e, e.field, e.args)

try:
    raise Code('server')
except Code as e:
    print(e, e.code, repr(e))

class Empty(ValueError):
    pass

try:
    int('?')
except Empty:
    print('wrong')
except ValueError as e:
    print('plain ValueError not caught by subclass:', e)

try:
    raise Empty('sub')
except ValueError as e:
    print('subclass caught by base:', type(e).__name__, repr(e))
print(issubclass(NotFound, Exception), issubclass(Empty, ValueError))
print(NotFound.__name__, issubclass(ValueError, Empty))
