# Nested try statements and handler ordering.
def level(n):
    log = []
    try:
        log.append('outer try')
        try:
            log.append('inner try')
            if n == 1:
                raise ValueError('v')
            if n == 2:
                raise KeyError('k')
            if n == 3:
                raise TypeError('t')
        except ValueError:
            log.append('inner except ValueError')
        finally:
            log.append('inner finally')
        log.append('after inner')
    except KeyError:
        log.append('outer except KeyError')
    except Exception as e:
        log.append('outer generic ' + type(e).__name__)
    finally:
        log.append('outer finally')
    return log

for n in range(4):
    print(n, level(n))

def handler_raises():
    try:
        try:
            raise ValueError('first')
        except ValueError as e:
            raise TypeError('second') from e
    except TypeError as e:
        return repr(e) + ' caused by ' + repr(e.__cause__)

print(handler_raises())

try:
    try:
        raise IndexError('i')
    finally:
        print('finally before propagation')
except IndexError as e:
    print('caught', e)

depth = 0
try:
    try:
        try:
            raise ArithmeticError('deep')
        except LookupError:
            print('no')
    except ArithmeticError as e:
        print('middle caught', e)
        depth = 2
except Exception:
    print('no')
print('depth', depth)
