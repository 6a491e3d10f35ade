print('[%s]' % format('ab', '<6'), '[%s]' % format('ab', '>6'), '[%s]' % format('ab', '^6'), '[%s]' % format('ab', '^7'))
print('[{:*<8}] [{:->8}] [{:.^9}] [{:0>5}]'.format('x', 'y', 'z', 'w'))
print('[{:=+8}] [{:=8}] [{:0=8}] [{:*=10.2f}]'.format(42, -42, -42, -3.14159))
print('[{:08d}] [{:+08d}] [{:08.3f}] [{:010}]'.format(-42, 42, -3.14159, 'str' if False else 1.5))
print('[{:<5}] [{:>5}] [{:^5}] [{:5}] [{:5}]'.format(1, 2, 3, 4, 'ab'))
print('[{:x<4d}] [{:x^6.1f}] [{:€^7}]'.format(7, 2.25, 'u'))
print('[{:10}] [{:<10}] [{:>10}]'.format(True, False, 'None'))
try:
    '{:10}'.format(None)
except TypeError as e:
    print(e)
print('[{:3}] [{:.2}] [{:.5}] [{:>6.2}]'.format('abcdef', 'abcdef', 'ab', 'abcdef'))
