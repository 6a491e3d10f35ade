# All combinations of try / except / else / finally.
def run(fail):
    log = []
    try:
        log.append('try')
        if fail:
            raise RuntimeError('boom')
    except RuntimeError:
        log.append('except')
    else:
        log.append('else')
    finally:
        log.append('finally')
    return log

print(run(False))
print(run(True))

def try_finally(fail):
    log = []
    try:
        try:
            log.append('try')
            if fail:
                raise KeyError('x')
        finally:
            log.append('finally')
    except KeyError:
        log.append('outer except')
    return log

print(try_finally(False))
print(try_finally(True))

def try_else(fail):
    try:
        if fail:
            raise ValueError
    except ValueError:
        return 'except'
    else:
        return 'else'

print(try_else(False), try_else(True))

def else_raises():
    try:
        pass
    except ValueError:
        return 'not reached'
    else:
        raise TypeError('from else')

try:
    else_raises()
except TypeError as e:
    print('else block exception propagates:', e)

def except_raises():
    try:
        raise ValueError('first')
    except ValueError:
        raise KeyError('second')
    finally:
        print('finally still runs')

try:
    except_raises()
except KeyError as e:
    print('got', repr(e), 'context', repr(e.__context__))

for i in range(3):
    try:
        if i == 1:
            continue
        print('body', i)
    finally:
        print('finally', i)
