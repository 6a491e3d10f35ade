# __format__ overrides in subclasses of int/float/str that delegate to the
# builtin __format__ (super() or the unbound method).
class Temp(float):
    def __format__(self, spec):
        if spec.endswith('C'):
            return super().__format__(spec[:-1]) + '°C'
        return super().__format__(spec)
class Num(int):
    def __format__(self, spec):
        return '<' + super().__format__(spec) + '>'
class Hex(int):
    def __format__(self, spec):
        return int.__format__(self, spec or 'x')
class S(str):
    def __format__(self, spec):
        return '[' + super().__format__(spec) + ']'
print(format(Temp(21.5), '.1fC'), format(Temp(3), ''), f'{Temp(2.25):.3f}')
print(f'{Num(5):03d}', format(Num(7)), '{:>6}'.format(Num(42)))
print(format(Hex(255)), format(Hex(255), '#06x'), f'{Hex(10)}')
print(f'{S("ab"):>4}', format(S('x')), '{:*^5}'.format(S('y')))
try:
    format(Num(3), 's')
except ValueError as e:
    print('ValueError', e)
