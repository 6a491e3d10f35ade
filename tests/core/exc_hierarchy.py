# The built-in exception hierarchy.
def catch(exc, base):
    try:
        raise exc
    except base:
        return 'caught by ' + base.__name__
    except BaseException:
        return 'not caught by ' + base.__name__

print(catch(ZeroDivisionError, ArithmeticError))
print(catch(OverflowError, ArithmeticError))
print(catch(KeyError, LookupError))
print(catch(IndexError, LookupError))
print(catch(UnboundLocalError, NameError))
print(catch(RecursionError, RuntimeError))
print(catch(NotImplementedError, RuntimeError))
print(catch(ZeroDivisionError, LookupError))
print(catch(KeyboardInterrupt, Exception))
print(catch(SystemExit, Exception))
print(catch(StopIteration, Exception))
print(catch(FileNotFoundError, OSError))
print(catch(IndentationError, SyntaxError))
print(catch(TabError, IndentationError))

bases = [BaseException, Exception, ArithmeticError, LookupError, NameError,
         RuntimeError]
for cls in [ZeroDivisionError, KeyError, IndexError, TypeError, ValueError,
            AttributeError, NameError, UnboundLocalError, OverflowError,
            RecursionError, StopIteration, AssertionError, SystemExit,
            KeyboardInterrupt, Exception]:
    chain = []
    for b in bases:
        if issubclass(cls, b):
            chain.append(b.__name__)
    print(cls.__name__, 'is a', ', '.join(chain))

print(issubclass(ZeroDivisionError, ArithmeticError), issubclass(KeyError, IndexError))
print(isinstance(ValueError(), Exception), isinstance(SystemExit(), Exception))
