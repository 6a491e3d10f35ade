# Classes deriving from several builtin exception types: allowed unless
# two of them add fields to their instances in CPython (OSError and
# BaseExceptionGroup do), and a group class mixed with Exception types
# refuses BaseExceptions.
pairs = [(KeyError, ValueError), (TypeError, ValueError), (ValueError, IndexError),
         (BaseExceptionGroup, ValueError), (ExceptionGroup, KeyError), (OSError, ValueError),
         (StopIteration, ValueError), (BaseExceptionGroup, OSError), (OSError, ImportError),
         (SyntaxError, NameError), (UnicodeDecodeError, KeyError), (ModuleNotFoundError, AttributeError)]
for a, b in pairs:
    try:
        C = type('C', (a, b), {})
        print(a.__name__, b.__name__, 'ok', [k.__name__ for k in C.__mro__])
    except TypeError as e:
        print(a.__name__, b.__name__, e)

class MyEG(BaseExceptionGroup, ValueError):
    pass
try:
    MyEG('eg', [ValueError(12), KeyboardInterrupt(42)])
except TypeError as e:
    print(e)
g = MyEG('eg', [ValueError(12), TypeError(1)])
print(repr(g), isinstance(g, ValueError), str(g))
try:
    raise g
except ValueError as e:
    print('caught as ValueError', repr(e.split(TypeError)))

class Both(KeyError, ValueError):
    pass
try:
    raise Both('k')
except ValueError as e:
    print('Both', repr(e), str(e))
