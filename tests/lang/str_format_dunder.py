class Money:
    def __init__(self, cents): self.cents = cents
    def __format__(self, spec):
        if spec == 'short':
            return '$%d' % (self.cents // 100)
        return format('$%d.%02d' % divmod(self.cents, 100), spec)
    def __str__(self): return 'Money'
m = Money(12345)
print(f'{m}', f'{m:short}', f'{m:>12}|', '{:^14}|'.format(m), format(m, ''))
class NoFormat:
    def __str__(self): return 'nf'
print(format(NoFormat()), f'{NoFormat()}', f'{NoFormat()!s:>4}')
try:
    format(NoFormat(), 'd')
except TypeError as e:
    print(e)
try:
    format(object(), '>5')
except TypeError as e:
    print(e)
class BadFormat:
    def __format__(self, spec): return 5
try:
    f'{BadFormat()}'
except TypeError as e:
    print(e)
print(format([1, 2]), format(None), format(3.5), format(True, ''), format((1,), ''))
try:
    format([1], '>5')
except TypeError as e:
    print(e)
