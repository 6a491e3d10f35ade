def bad():
    yield 1
    raise StopIteration('oops')

g = bad()
print(next(g))
try:
    next(g)
except RuntimeError as e:
    print(type(e).__name__, e)
    print(type(e.__cause__).__name__, e.__cause__)

def bad_next():
    it = iter([])
    yield next(it)
try:
    list(bad_next())
except RuntimeError as e:
    print('RuntimeError:', e)

def fine():
    it = iter([1, 2])
    while True:
        try:
            v = next(it)
        except StopIteration:
            return
        yield v
print(list(fine()))

def ret_value():
    yield
    return 5
g = ret_value()
next(g)
try:
    next(g)
except StopIteration as e:
    print('value', e.value)

class MyStop(StopIteration): pass
def sub_stop():
    yield 1
    raise MyStop
try:
    list(sub_stop())
except RuntimeError as e:
    print(e, type(e.__cause__).__name__)
