print(True + 1, False - 1, True * 3.5, True / True, True // 1, True % 2, True ** 10)
print(True & False, True | False, True ^ True, ~False, -False, +True)
print(type(True & True).__name__, type(True + True).__name__, type(True | 2).__name__)
print(sum([True, True, False, True]), max(True, 0), [10, 20][True])
print(str(True), repr(False), int(True), float(False), bool('False'), bool(0.0), bool(-0.0), bool('0'))
print(True == 1.0, hash(True) == hash(1), {True: 'a', 1: 'b'}, {1, True, 1.0})
print(isinstance(True, int), type(True).__mro__[1].__name__)
print(f'{True:d} {True:>5} {False!r}', '%d %s' % (True, False))
try:
    class B(bool): pass
except TypeError as e:
    print(e)
print(bool.__name__, bool(None), bool([]), bool([0]), bool(()), bool({}))
