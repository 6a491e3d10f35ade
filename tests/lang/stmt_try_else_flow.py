def run(x):
    log = []
    try:
        log.append('try')
        if x == 1:
            raise ValueError
        if x == 2:
            return log + ['returned']
    except ValueError:
        log.append('except')
    else:
        log.append('else')
    finally:
        log.append('finally')
    log.append('after')
    return log
for x in range(3):
    print(run(x))
def else_raises():
    try:
        pass
    except ValueError:
        print('not this')
    else:
        raise KeyError('from else')
try:
    else_raises()
except KeyError as e:
    print('caught', e)
def except_raises():
    try:
        raise ValueError('a')
    except ValueError:
        raise TypeError('b')
    finally:
        print('finally still runs')
try:
    except_raises()
except TypeError as e:
    print(repr(e), repr(e.__context__))
for i in range(3):
    try:
        if i == 1:
            continue
    except Exception:
        pass
    else:
        print('else', i)
    finally:
        print('finally', i)
