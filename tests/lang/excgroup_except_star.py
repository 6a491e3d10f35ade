# try/except*: clauses in order, each leaf handled once, partial
# handling, re-raise (bare raise) of the matched part, raising inside a
# clause, naked exceptions, nested groups, else/finally, the exception
# state seen inside a clause, and what is re-raised with which context.
import sys

def run(exc, label):
    def body():
        try:
            raise exc
        except* ValueError as e:
            print('  V', repr(e))
        except* TypeError as e:
            print('  T', repr(e))
            raise
        except* OSError as e:
            print('  O', repr(e), repr(sys.exc_info()[1]) == repr(e))
            raise RuntimeError('in handler')
        except* (KeyError, IndexError) as e:
            print('  K', repr(e))
            raise e.exceptions[0]
    print(label)
    try:
        body()
        print('  nothing raised')
    except BaseException as e:
        print('  raised', repr(e), 'context:', repr(e.__context__), e.__suppress_context__)
        if isinstance(e, BaseExceptionGroup):
            for s in e.exceptions:
                print('    member', repr(s), 'context:', repr(s.__context__))

run(ValueError(1), 'naked handled')
run(TypeError(2), 'naked re-raised')
run(OSError(3), 'naked, raise in clause')
run(ZeroDivisionError(), 'naked, no clause')
run(KeyError('k'), 'naked, raise a member')
run(ExceptionGroup('g', [ValueError(1), ZeroDivisionError()]), 'partial')
run(ExceptionGroup('g', [ValueError(1), TypeError(2)]), 'handled and re-raised')
run(ExceptionGroup('g', [TypeError(1), OSError(2), ArithmeticError(3)]), 'raised, re-raised, unhandled')
run(ExceptionGroup('g', [ExceptionGroup('n1', [ValueError(1), TypeError(2)]),
                         ExceptionGroup('n2', [TypeError(3), IndexError(4)]), TypeError(5)]), 'nested')
run(ExceptionGroup('g', [ValueError(i) for i in range(3)]), 'all handled by one clause')
run(BaseExceptionGroup('b', [KeyboardInterrupt(), ValueError()]), 'base group')
run(ExceptionGroup('g', [OSError(1), OSError(2)]), 'all matched, one raised: still a group')
run(ExceptionGroup('g', [KeyError(1)]), 'member raised alone: still a group')

# each clause runs at most once; else and finally
def order(exc):
    try:
        if exc:
            raise exc
    except* ValueError:
        print('  value clause')
    except* Exception:
        print('  exception clause')
    else:
        print('  else')
    finally:
        print('  finally')
print('order')
order(None)
order(ValueError())
order(ExceptionGroup('g', [ValueError(), ValueError(), TypeError(), KeyError()]))

# the name is unbound after the clause, as with except
try:
    raise ValueError()
except* ValueError as err:
    pass
try:
    err
except NameError as e:
    print(e)

# a loop inside a clause may break and continue
try:
    raise ExceptionGroup('g', [ValueError(1), ValueError(2)])
except* ValueError as e:
    for x in e.exceptions:
        if x.args[0] == 1:
            continue
        print('loop', x)
        break

# types given as a tuple and from a variable; invalid types
kinds = (ValueError, TypeError)
try:
    raise ExceptionGroup('g', [TypeError(), ValueError(), KeyError()])
except* kinds as e:
    print('tuple', repr(e))
except* LookupError as e:
    print('lookup', repr(e))
for bad in (ExceptionGroup, BaseExceptionGroup, (ValueError, ExceptionGroup), int, (ValueError, int, ExceptionGroup)):
    try:
        try:
            raise ExceptionGroup('g', [ValueError()])
        except* bad:
            print('not reached')
    except TypeError as e:
        print('bad type:', e)
# nothing to match: the check still runs
try:
    try:
        pass
    except* int:
        pass
    print('body without exception: no check')
except TypeError as e:
    print(e)

# a subclass's split is used
class Mine(ExceptionGroup):
    def derive(self, excs):
        return Mine(self.message.upper(), excs)
try:
    try:
        raise Mine('mine', [ValueError(1), TypeError(2)])
    except* ValueError as e:
        print('mine match', type(e).__name__, repr(e))
except Mine as e:
    print('mine rest', type(e).__name__, repr(e))

# notes survive re-raising
try:
    try:
        eg = ExceptionGroup('noted', [ValueError(1), TypeError(2)])
        eg.add_note('the note')
        raise eg
    except* ValueError:
        raise
except ExceptionGroup as e:
    print('noted', repr(e), e.__notes__)

# nested try/except* inside a clause
try:
    raise ExceptionGroup('outer', [ValueError(1), TypeError(2)])
except* ValueError as e:
    try:
        raise ExceptionGroup('inner', [KeyError(3), ValueError(4)])
    except* KeyError as k:
        print('inner handled', repr(k))
    except* ValueError as v:
        print('inner value', repr(v), repr(v.__context__))
except* TypeError as e:
    print('outer type', repr(e))
