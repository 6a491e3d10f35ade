eg = ExceptionGroup('many', [ValueError('a'), KeyError('b')])
print(eg, len(eg.exceptions))
