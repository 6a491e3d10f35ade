# str.format: positional, indexed, named, attributes, format specs.
print('{} and {}'.format('spam', 'eggs'))
print('{1} and {0}'.format('spam', 'eggs'))
print('{0}{1}{0}'.format('abra', 'cad'))
print('{name} is {age} years old'.format(name='Ann', age=30))
print('{0} {x} {1}'.format(1, 2, x='X'))
print('{0[0]} {0[1]} {1[key]}'.format(['a', 'b'], {'key': 'v'}))
print('{:>8}|{:<8}|{:^8}|'.format('r', 'l', 'c'))
print('{:*^11}'.format('mid'), '{:08.3f}'.format(3.14159), '{:+d}'.format(5))
print('{:,}'.format(1234567), '{:x}'.format(255), '{:#o}'.format(8), '{:b}'.format(10))
print('{:.2%}'.format(0.1234), '{:e}'.format(12345.678), '{:g}'.format(0.0000123))
print('{0:{1}}|'.format('w', 5), '{:{}.{}f}'.format(2.71828, 8, 3))
print('{!r} {!s} {!a}'.format('q', 'q', 'ü'))
print('{{literal}} {}'.format('x'))
print('{:10}|{:<10}|{:>10}|'.format(42, 42, 'str'))
print('{:.3}'.format('truncate'), '{:.0f}'.format(2.5), '{:.1f}'.format(0.05))
print('{:c}'.format(97), '{:5}|'.format(True), '{}'.format(None))
print(format(3.5), format('x', '>3'), format(12, '04'))
class P:
    def __init__(self):
        self.x = 1
        self.y = 'why'
p = P()
print('{0.x} {0.y}'.format(p), '{p.y}'.format(p=p))
print('{:-^20,.2f}'.format(1234567.891))
print('{:>+10.2e}|'.format(-0.000123))
