# ExceptionGroup basics (was in tests/unsupported: tpy had no exception groups)
eg = ExceptionGroup('many', [ValueError('a'), KeyError('b')])
print(eg, len(eg.exceptions))
print(repr(eg), eg.message, eg.exceptions, eg.args)
print(isinstance(eg, Exception), isinstance(eg, BaseExceptionGroup), issubclass(ExceptionGroup, Exception))
print([c.__name__ for c in ExceptionGroup.__mro__])
print([c.__name__ for c in BaseExceptionGroup.__mro__])
print(ExceptionGroup in Exception.__subclasses__(), ExceptionGroup in BaseExceptionGroup.__subclasses__())
print(ExceptionGroup[int], BaseExceptionGroup[ValueError])
try:
    raise eg
except Exception as e:
    print('caught as Exception:', e is eg)
