class Suppress:
    def __init__(self, *types): self.types = types
    def __enter__(self): return self
    def __exit__(self, et, ev, tb):
        if et is not None and issubclass(et, self.types):
            self.caught = ev
            return True
        return False
with Suppress(KeyError, IndexError) as s:
    [][1]
print('suppressed', type(s.caught).__name__, s.caught)
try:
    with Suppress(KeyError):
        int('x')
except ValueError as e:
    print('not suppressed:', e)
def f():
    for i in range(5):
        with Suppress(ZeroDivisionError):
            1 / (i - 2)
            continue
        print('suppressed at', i)
f()
class Replace:
    def __enter__(self): return self
    def __exit__(self, et, ev, tb):
        if et:
            raise RuntimeError('replaced') from ev
try:
    with Replace():
        raise ValueError('orig')
except RuntimeError as e:
    print(e, repr(e.__cause__), repr(e.__context__))
class ExitArgs:
    def __enter__(self): return self
    def __exit__(self, *args):
        print('args', args[0], args[1], type(args[2]).__name__ if args[2] else None)
with ExitArgs():
    pass
class Falsy:
    def __enter__(self): return 1
    def __exit__(self, *a): return 0
try:
    with Falsy():
        raise TypeError('kept')
except TypeError as e:
    print('kept', e)
class Truthy:
    def __enter__(self): return 1
    def __exit__(self, *a): return 'yes'
with Truthy():
    raise TypeError('gone')
print('end')
