# format(v, spec), __format__ of builtin types and subclasses, user
# __format__, object.__format__, and f-strings with format specs.
def t(v, *spec):
    try:
        print(repr(format(v, *spec)))
    except Exception as e:
        print(type(e).__name__, e)

t(3.5)
t(3.5, '')
t('x', '>3')
t(12, '04')
t(True)
t(True, '')
t(True, 'd')
t(False, '5')
t(True, '>6')
t(True, 'x')
t(True, 's')
t(True, '.2f')
t(None)
t(None, '')
t(None, 'x')
t([1, 2], '')
t([1, 2], '10')
t(2**100, ',')
t(-2**64, '_x')
t(-0.0, 'z.1f')
t(-0.0, '')
t(1e16)
t(1e16, '')
t(1.0, 'g')
t(float('nan'), '+')
t(float('-inf'), '08')
t(0.1 + 0.2, '.17g')
t(123, 'c')
t(0x1F600, 'c')
t(-1, 'c')
t('é', '^5')
t('é☃', '*<6')
t('abc', '.1')
t('abc', 's')
t('abc', 'd')
t('abc', 1)
t(1, 1.5)
t(5, 'Z')
t(5.0, 'd')
t(1234567, ',d')
t(1234567.125, '_.2f')
t(255, '#010x')
t(-255, '=+10')
t(1, '+020,')
class MyInt(int):
    pass
class MyFloat(float):
    pass
class MyStr(str):
    pass
t(MyInt(42), 'x')
t(MyInt(42), '')
t(MyInt(42), 's')
t(MyFloat(2.5), '.3f')
t(MyFloat(2.5), 'd')
t(MyStr('ab'), '>4')
t(MyStr('ab'), 'd')
t(MyStr('ab'), '')
class StrOverride(int):
    def __str__(self):
        return 'custom'
t(StrOverride(7), '')
t(StrOverride(7), 'd')
class Money:
    def __init__(self, v):
        self.v = v
    def __format__(self, spec):
        if spec == '':
            return 'Money(' + str(self.v) + ')'
        return '$' + format(self.v, spec)
t(Money(3))
t(Money(3), '.2f')
class NoFormat:
    pass
t(NoFormat(), 'x')
t(NoFormat(), '^20')
class ReturnsInt:
    def __format__(self, spec):
        return 5
t(ReturnsInt())
class Raises:
    def __format__(self, spec):
        raise ValueError('nope: ' + spec)
t(Raises(), 'abc')
nf = NoFormat()
print((5).__format__('>3'), (2.5).__format__('e'), 'x'.__format__('^3'), object.__format__(nf, '') == str(nf))
try:
    'x'.__format__(1)
except TypeError as e:
    print('TypeError', e)
try:
    'x'.__format__()
except TypeError as e:
    print('TypeError', e)
# f-strings
x, y, name = 3.14159, 42, 'héllo'
print(f'{x:.2f} {y:>5} {y:x} {name!r} {name:*^9} {x!s:>10} {y:{y // 10}}|')
w, p = 10, 3
print(f'{x:{w}.{p}f}|{name:{w}}|{y:+{w},}|{"lit":>5}|{{braces}}')
print(f'{Money(5)} {Money(5):.1f} {True} {True:d} {None!r} {[1, 2]}')
print(f'{MyInt(7):03d} {MyStr("s"):>3} {MyFloat(0.5):%}')
try:
    print(f'{y:s}')
except ValueError as e:
    print('ValueError', e)
try:
    print(f'{NoFormat():>5}')
except TypeError as e:
    print('TypeError', e)
