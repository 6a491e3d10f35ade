class AppError(Exception):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code
class NotFound(AppError):
    pass
try:
    raise NotFound('missing thing', 404)
except AppError as e:
    print(type(e).__name__, e, e.code, e.args, repr(e))
class NoInit(Exception):
    pass
e = NoInit('a', 'b')
print(e, e.args, repr(e))
class CustomStr(Exception):
    def __str__(self):
        return 'custom: ' + ', '.join(map(str, self.args))
try:
    raise CustomStr(1, 2)
except Exception as e:
    print(e, repr(e))
class Many(ValueError):
    def __init__(self, *args, extra=None):
        super().__init__(*args)
        self.extra = extra
try:
    raise Many('x', 'y', extra='z')
except ValueError as e:
    print(e, e.extra, isinstance(e, Many))
class KE(KeyError): pass
print(str(KE('k')), str(KeyError('k')), str(KE()))
class Attrs(Exception):
    def __init__(self, a):
        self.a = a
e = Attrs(5)
print(e.args, str(e), e.a)
print([c.__name__ for c in NotFound.__mro__])
