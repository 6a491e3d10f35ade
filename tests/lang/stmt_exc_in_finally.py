def f():
    try:
        raise ValueError('original')
    finally:
        print('cleanup')
try:
    f()
except ValueError as e:
    print('got', e)
def g():
    try:
        raise ValueError('original')
    finally:
        raise KeyError('from finally')
try:
    g()
except KeyError as e:
    print('got', repr(e), 'context', repr(e.__context__))
def h():
    try:
        return 1
    finally:
        raise IndexError('finally beats return')
try:
    h()
except IndexError as e:
    print(e)
def nested():
    try:
        try:
            raise ValueError(1)
        finally:
            print('inner finally')
    except ValueError as e:
        print('outer except', e)
    finally:
        print('outer finally')
nested()
def exc_var_cleared():
    try:
        raise ValueError
    except ValueError as err:
        pass
    return 'err' in locals()
print(exc_var_cleared())
