w, p = 10, 3
print('[{:{}.{}f}]'.format(3.14159, w, p))
print('[{0:{1}}] [{0:>{1}}]'.format('ab', 6))
print('[{:{fill}{align}{width}}]'.format('x', fill='*', align='^', width=7))
print(f'[{3.14159:{w}.{p}f}] [{"s":{">"}{w}}]')
print('{0} {1} {0}'.format('a', 'b'), '{a}-{b}'.format(a=1, b=2))
print('{0[1]} {0[k]} {1.real}'.format({1: 'one', 'k': 'kay'}, 5))
print('{.__class__.__name__}'.format([]))
print('{!r:>8}|{!s:<6}|{!a}'.format('x', 'y', 'é'))
print('{{literal}} {}'.format('v'))
print('{:>{w}}'.format(12, w=5))
data = {'name': 'Ann', 'scores': [90, 85]}
print('{name} scored {scores[0]} and {scores[1]}'.format(**data))
print('{0:{0}}'.format(5))
try:
    '{} {1}'.format(1, 2)
except ValueError as e:
    print(e)
try:
    '{0} {}'.format(1, 2)
except ValueError as e:
    print(e)
try:
    '{2}'.format(1)
except IndexError as e:
    print(e)
try:
    '{x}'.format(y=1)
except KeyError as e:
    print('KeyError', e)
try:
    '{'.format()
except ValueError as e:
    print(e)
try:
    '}'.format()
except ValueError as e:
    print(e)
try:
    '{:{}{}{}}'.format(1, 2, 3, 4) and '{:{:{}}}'.format(1, 2, 3)
except ValueError as e:
    print(e)
print('{:d}'.format(True), '{}'.format(True), '{:5}|'.format(True))
print(format(12, ''), format('x'), str.format('{}', 1))
print('{0!r:^9}'.format(1.5))
