# csv with lone surrogates, str subclasses and numeric types from the library
import csv, io
print([[ascii(f) for f in r] for r in csv.reader(['a\ud800b,"\udfff",c'])])
print([[ascii(f) for f in r] for r in csv.reader(['a\ud800b\ud800"x\ud800y"'], delimiter='\ud800')])
s = io.StringIO(); csv.writer(s, delimiter='\udc80').writerow(['a\udc80', 'b\ud800']); print(ascii(s.getvalue()))
from fractions import Fraction
from decimal import Decimal
s = io.StringIO(); csv.writer(s, quoting=csv.QUOTE_NONNUMERIC).writerow([Fraction(1, 3), Decimal('1.5'), 'x']); print(s.getvalue())
class MyStr(str):
    def __str__(self): return 'other'
s = io.StringIO(); csv.writer(s).writerow([MyStr('mine'), MyStr('a,b')]); print(s.getvalue())
