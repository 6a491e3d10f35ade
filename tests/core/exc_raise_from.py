# raise ... from ..., __cause__, __context__, __suppress_context__.
class ConfigError(Exception):
    pass

def parse(s):
    try:
        return int(s)
    except ValueError as e:
        raise ConfigError('bad number: ' + s) from e

try:
    parse('x1')
except ConfigError as e:
    print('error:', e)
    print('cause:', type(e.__cause__).__name__, e.__cause__)
    print('context is cause:', e.__context__ is e.__cause__)
    print('suppress:', e.__suppress_context__)

try:
    try:
        1 / 0
    except ZeroDivisionError:
        raise ValueError('no cause') from None
except ValueError as e:
    print(e, e.__cause__, type(e.__context__).__name__, e.__suppress_context__)

try:
    try:
        [][1]
    except IndexError:
        raise KeyError('implicit')
except KeyError as e:
    print(repr(e), repr(e.__context__), e.__cause__, e.__suppress_context__)

try:
    raise RuntimeError('outer') from KeyError('direct cause')
except RuntimeError as e:
    print(e, repr(e.__cause__))

try:
    raise TypeError('t') from ValueError
except TypeError as e:
    print(type(e.__cause__).__name__, e.__cause__.args)

e = ValueError('plain')
print(e.__cause__, e.__context__, e.__suppress_context__)
