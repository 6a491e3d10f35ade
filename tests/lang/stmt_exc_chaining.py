try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise ValueError('converted') from e
except ValueError as e:
    print(repr(e), repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
try:
    try:
        {}['k']
    except KeyError:
        raise TypeError('implicit')
except TypeError as e:
    print(repr(e), repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
try:
    try:
        [][0]
    except IndexError:
        raise RuntimeError('hidden') from None
except RuntimeError as e:
    print(repr(e), repr(e.__cause__), repr(e.__context__), e.__suppress_context__)
try:
    raise ValueError('a') from KeyError('b')
except ValueError as e:
    print(repr(e.__cause__), e.__context__)
try:
    raise ValueError from TypeError
except ValueError as e:
    print(repr(e), repr(e.__cause__))
try:
    raise ValueError('x') from 5
except TypeError as e:
    print(e)
def nested():
    try:
        raise KeyError('first')
    except KeyError:
        try:
            raise IndexError('second')
        except IndexError:
            raise ValueError('third')
try:
    nested()
except ValueError as e:
    print(repr(e), repr(e.__context__), repr(e.__context__.__context__))
try:
    try:
        raise KeyError(1)
    finally:
        raise ValueError(2)
except ValueError as e:
    print(repr(e.__context__))
e = ValueError('manual')
e.__cause__ = KeyError('set')
print(repr(e.__cause__), e.__suppress_context__)
