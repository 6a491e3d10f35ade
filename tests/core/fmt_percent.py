# The % operator: every conversion, flags, width/precision (incl. '*'),
# mapping keys, single arguments, non-ASCII, and CPython's error messages.
def t(fmt, args):
    try:
        print(repr(fmt % args))
    except Exception as e:
        print(type(e).__name__, e)

t('%s|%r|%a', ('é', 'é', 'é'))
t('%5s|%-5s|%.2s|%5.1s|%-6.3s|', ('ab', 'ab', 'abc', 'xyz', 'éèêë'))
t('%s %s %s %s', (None, True, 1.5, [1, (2,)]))
t('%d %i %u', (42, -7, 3))
t('%d %d %d %d', (3.99, -3.99, True, 2**100))
t('%5d|%-5d|%05d|%+d|% d|%+05d|% 5d|%-+5d|', (42, 42, 42, 42, 42, 42, 42, 42))
t('%.3d|%6.3d|%-6.3d|%06.3d|%+.3d', (7, 7, 7, 7, -7))
t('%x %X %o %#x %#X %#o %#5x %#-6o| %#08x %08X', (255, 255, 8, 255, 255, 8, 255, 8, 255, 255))
t('%x %#x %05x %#07x %+x % x %#.3o', (-255, -255, -255, -255, 255, 255, 8))
t('%x %o %d', (2**70, 2**70, -2**70))
t('%f %.2f %8.3f %-8.2f| %+.1f %08.2f % .3f', (3.14159, 3.14159, 3.14159, 3.14159, 2.0, -3.5, 1.0))
t('%e %.2e %E %.0e %#.0e %+e', (12345.678, 12345.678, 0.00012, 12345.0, 12345.0, 1.0))
t('%g %g %g %G %.3g %#g %g %g', (0.00001, 123456789.0, 100.0, 1e-10, 3.14159, 1.0, 1e16, 0.0001))
t('%f %e %g %F', (float('inf'), float('-inf'), float('nan'), float('inf')))
t('%5.1f|%-7.2e|%010.3g|%+08.2f', (-0.05, 1e-5, 12345.6789, -1.0))
t('%f %e %g', (1, 10**20, 2**60))
t('%.0f %.0f %.0f %.0f %.1f', (0.5, 1.5, 2.5, -0.5, 0.25))
t('%.30f', (0.1,))
t('%c%c%c%c', (72, 'i', 233, '☃'))
t('%3c|%-3c|%c', ('a', 'é', 0x1F600))
t('%%|%s%%|%5s%%', ('a', 'b'))
t('%(name)s is %(age)d years, %(name)r', {'name': 'Ann', 'age': 30})
t('%(a)s %(b)5.2f %(a)-4s|', {'a': 'x', 'b': 2.5})
t('%()s|%((x))s', {'': 'empty', '(x)': 'paren'})
t('%s', 'single')
t('%s', ('single',))
t('%s', (('nested', 'tuple'),))
t('%s', [1, 2])
t('%s %s', [1, 2])
t('%s', {'a': 1})
t('no conversions', ())
t('no conversions', {})
t('no conversions', [])
t('no conversions', 5)
t('%s', ())
t('%s %s', (1,))
t('%s', (1, 2))
t('%*d|%-*d|%*s|%.*f|%*.*f|', (5, 1, 4, 2, -4, 'ab', 2, 3.14159, 8, 3, 2.71828))
t('%.*s|', (-1, 'abc'))
t('%*d', ('a', 1))
t('%.*d', ('a', 1))
t('%*d', (2**70, 1))
t('%.*d', (2**70, 1))
t('%ld %hd %Ld', (1, 2, 3))
t('%d', 'x')
t('%i', 'x')
t('%u', [])
t('%x', 3.5)
t('%o', 'x')
t('%X', None)
t('%f', 'x')
t('%e', None)
t('%d', float('inf'))
t('%d', float('nan'))
t('%e', 10**400)
t('%c', 3.5)
t('%c', 'ab')
t('%c', '')
t('%c', -1)
t('%c', 0x110000)
t('%c', 2**70)
t('%y', 1)
t('abc %y', 1)
t('a%€', 1)
t('é%€', 1)
t('%\x01', 1)
t('%5%', 1)
t('%.2%', (1,))
t('%', ())
t('abc%', ())
t('%5', 1)
t('%(a', {'a': 1})
t('%(a)', {'a': 1})
t('%(a)s', 5)
t('%(a)s', ('x',))
t('%(a)s %s', {'a': 1})
t('%s %(a)s', {'a': 1})
t('%(a)s %(b)s', {'a': 1})
t('%(a)*d', {'a': 1})
t('%s', ())
t('%z', ())
t('%99999999999999999999d', 1)
t('%.99999999999999999999d', 1)
class Num:
    def __int__(self):
        return 7
    def __float__(self):
        return 2.5
    def __index__(self):
        return 9
class OnlyFloat:
    def __float__(self):
        return 1.25
class OnlyIndex:
    def __index__(self):
        return 65
t('%d %x %f %c', (Num(), Num(), Num(), OnlyIndex()))
t('%f %e', (OnlyFloat(), OnlyIndex()))
t('%d', OnlyFloat())
t('%x', OnlyFloat())
t('%d %x %o', (OnlyIndex(), OnlyIndex(), OnlyIndex()))
class R:
    def __repr__(self):
        return 'R()'
    def __str__(self):
        return 'str-R'
t('%s %r %a %5s|', (R(), R(), R(), R()))
t('%s and %r', ('☃', '☃'))
t('%a', '😀é')
t('héllo %s wörld %d ☃', ('ü', 5))
t('%-5d|%-05d|%-+5d|%0-5d|', (3, 3, 3, 3))
t('%#x|%#X|%#o', (0, 0, 0))
t('%.3s', 'é☃😀x')
class MyStr(str):
    pass
t(MyStr('%s-%s'), (1, 2))
print(type(MyStr('%s') % 1).__name__)
x = '%s'
x %= 'inplace'
print(x)
class NoItems:
    pass
class Items:
    def __getitem__(self, k):
        return k * 2
t('abc', NoItems())
t('abc', Items())
t('%(ab)s|%(x)r', Items())
