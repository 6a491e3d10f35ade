# Exception args, str() and repr().
cases = [
    ValueError(),
    ValueError('one'),
    ValueError('one', 'two'),
    ValueError(42),
    ValueError(''),
    KeyError('k'),
    KeyError(),
    KeyError('a', 'b'),
    KeyError(3),
    IndexError('list index out of range'),
    Exception(None),
    Exception([1, 2]),
    RuntimeError("quote's"),
    TypeError('line\nbreak'),
    StopIteration(7),
    SystemExit(3),
    ZeroDivisionError('division by zero'),
]
for e in cases:
    print(type(e).__name__, e.args, '|' + str(e) + '|', repr(e))

e = StopIteration(7)
print(e.value)
s = SystemExit(3)
print(s.code)
print(SystemExit().code, SystemExit(1, 2).code)
err = ValueError('x')
err.args = ('changed', 1)
print(err, repr(err))
print(len(ValueError(1, 2, 3).args))
print(str(KeyError('it\'s')), repr(KeyError('it\'s')))
