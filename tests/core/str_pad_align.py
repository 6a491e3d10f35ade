# zfill, ljust, rjust, center, expandtabs.
for s in ['42', '-42', '+7', 'abc', '', '12345678']:
    print(repr(s.zfill(6)), repr(s.ljust(6)), repr(s.rjust(6)), repr(s.center(6)))
print(repr('x'.center(4, '*')), repr('x'.center(5, '*')), repr('ab'.center(5, '-')), repr('ab'.center(6, '-')))
print(repr('left'.ljust(10, '.')), repr('right'.rjust(10, '.')), repr('toolong'.ljust(3)))
print(repr('é'.center(5, '·')), repr('3.14'.zfill(8)), repr('-3.14'.zfill(8)))
print(repr('a\tb\tc'.expandtabs()), repr('a\tbb\tc'.expandtabs(4)), repr('\t'.expandtabs(0)))
for i in [1, 22, 333]:
    print(str(i).rjust(5) + '|' + str(i * i).ljust(7) + '|' + str(i).center(5) + '|')
