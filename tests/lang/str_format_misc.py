print(format(1234.5, ',.1f'), format(0.000012345, '.3e'), format(42, 'b'), format(42, '#o'))
print(format('text', '^10'), format(3, '03'), format(-3, '03'), format(3.5, '06.2f'))
print('{:>10}'.format(format(1234567.891, ',.2f')))
table = [('apple', 1.5, 10), ('banana', 0.25, 150), ('cherry', 12.0, 3)]
print('{:<10}{:>8}{:>6}'.format('item', 'price', 'qty'))
for n, p, q in table:
    print('{:<10}{:>8.2f}{:>6d}'.format(n, p, q))
print('{:-^24}'.format(' total '))
print('{:<10}{:>8.2f}'.format('sum', sum(p * q for _, p, q in table)))
print('%s' % (1,), '%s' % [1, 2], '%r' % 'x', '%5.2s|' % 'abc', '%-6d|' % 42, '%+d' % 5)
print('%(a)s %(a)r' % {'a': 'A'}, '%3$s' if False else '', '%.3f' % 2.0005, '%i' % 3.9)
try:
    '%d' % 'x'
except TypeError as e:
    print(e)
try:
    '%s %s' % ('a',)
except TypeError as e:
    print(e)
try:
    '%s' % ('a', 'b')
except TypeError as e:
    print(e)
print('%c%c' % ('a', 98), '%#x %#o' % (255, 8), '%10.4f|' % 3.14159, '%-10.2e|' % 1234.5)
print('%g %g %g %G' % (1e-5, 123456789.0, 0.5, 1e20))
