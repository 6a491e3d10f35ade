# printf-style % formatting.
print('%s' % 'str', '%s' % 42, '%s' % [1, 2], '%s' % None)
print('%r' % 'str', '%r' % 42, '%r' % "it's")
print('%d %i' % (42, -7), '%d' % 3.99, '%d' % True)
print('%5d|%-5d|%05d|%+d|% d' % (42, 42, 42, 42, 42))
print('%f %.2f %5.2f %-8.3f| %+.1f %08.2f' % (3.14159, 3.14159, 3.14159, 3.14159, 2.0, -3.5))
print('%x %X %o %#x %#o %#X' % (255, 255, 8, 255, 8, 255))
print('%e %.2e %E %g %g %g %G' % (12345.678, 12345.678, 0.00012, 0.00001, 123456789.0, 100.0, 1e-10))
print('%c%c%c' % (72, 'i', 33))
print('100%% sure', '%s%%' % 50)
print('%s and %s' % ('a', 'b'), '%s' % ('single',), '%s' % (('nested', 'tuple'),))
print('%(name)s is %(age)d' % {'name': 'Bob', 'age': 7})
print('%(x)r %(x)s' % {'x': 'v'})
print('%10s|%-10s|%.2s' % ('right', 'left', 'truncate'))
print('%*d|%-*d|' % (6, 1, 6, 2), '%.*f' % (2, 3.14159))
print('%s %s' % (1.5, 1e20), '%r' % 0.1, '%s' % 2 ** 70)
print('%3c|%-3c|' % ('a', 'b'), '%.0f %.0f %.0f' % (0.5, 1.5, 2.5))
print('%d items at %.2f each = %.2f' % (3, 1.1, 3 * 1.1))
try:
    print('%d' % 'x')
except TypeError as e:
    print('TypeError:', e)
try:
    print('%s %s' % ('only one',))
except TypeError as e:
    print('TypeError:', e)
try:
    print('%(missing)s' % {'k': 1})
except KeyError as e:
    print('KeyError:', e)
