def g():
    try:
        raise ValueError('inside')
    except ValueError as e:
        yield 'in except: %s' % e
        yield 'still in except'
    yield 'after'
print(list(g()))
def h():
    try:
        yield 1
    except GeneratorExit:
        print('exit seen')
        raise
    except BaseException as e:
        print('base', type(e).__name__)
x = h()
next(x)
x.close()
def k():
    for i in range(3):
        try:
            yield i
        except ZeroDivisionError:
            yield 'zde'
it = k()
print(next(it), it.throw(ZeroDivisionError), next(it), next(it))
import sys
def info():
    try:
        raise KeyError('k')
    except KeyError:
        yield sys.exc_info()[0].__name__
    yield sys.exc_info()[0]
print(list(info()))
