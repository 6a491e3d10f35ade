# string.Formatter (CPython's string.py over _string), cases from test_string.py
import string
fmt = string.Formatter()
print(fmt.format('-{arg}-', arg='test'))
print(fmt.format('{0}, {1}', 'a', 'b'))
print(fmt.format('{}, {}', 'a', 'b'))
print(fmt.format('{0.real} {0.imag}', 3+4j))
print(fmt.format('{0[1]} {0[x]}', {1: 'one', 'x': 'ex'}))
print(fmt.format('{0:>{1}}|{2!r:^9}|', 'r', 5, 'hi'))
print(fmt.format('{a[0]}{b.__class__.__name__}', a=[7], b=2.0))
print(fmt.format('{{literal}} {0:{{}}}'.replace('{{}}', 'x'), 255))
print(fmt.vformat('{0}-{name}', (1,), {'name': 'N'}))
for bad in ['{0', '{0!x}', '}', '{0[}', '{}{1}', '{1}{}', '{0.}', '{:{:{:}}}']:
    try:
        print(fmt.format(bad, 1, 2))
    except Exception as e:
        print(bad, type(e).__name__, e)
class Named(string.Formatter):
    def get_value(self, key, args, kwds):
        if isinstance(key, str):
            return kwds.get(key, '<' + key + '>')
        return string.Formatter.get_value(self, key, args, kwds)
print(Named().format('{x} {0} {y!r}', 'zero', x='X'))
class Upper(string.Formatter):
    def convert_field(self, value, conversion):
        if conversion == 'u':
            return str(value).upper()
        return super().convert_field(value, conversion)
print(Upper().format('{0!u} {0!r}', 'abc'))
print(list(fmt.parse('a{0!r:>3}b{{c}}')))
print(string.capwords(' hello   world '))
