# csv.reader: the parser's state machine (quotes, escapes, newlines, strict
# mode, the end of input), QUOTE_NONNUMERIC's floats, line_num, field limits
import csv

def R(lines, **kw):
    try:
        r = csv.reader(lines, **kw)
        print(repr(lines), kw, list(r), r.line_num)
    except Exception as e:
        print(repr(lines), kw, type(e).__name__, e)

N = csv.QUOTE_NONNUMERIC
# plain records, empty lines and fields
R([])
R([''])
R(['a,b,c', '1,2,3'])
R([',', ',,', 'a,'])
R(['', 'a', '\r\n', 'b\n', 'c\r'])
R(['a\r\r\n\n', 'b'])
# quotes
R(['"a,b",c'])
R(['""', '"",', ',""', '""""', '""""""'])
R(['a""b', 'a"b"c', '"a"b', 'a"b', '"a" "b"', ' "a"'])
R(['12,12,1",'])
R(['"a\n', 'b",c'])
R(['"a', 'b'])
R(['"a\n'])
R(['"a"\n', 'b'])
R(['1,2,3,"""I see,""\n', 'said the blind man","as he\n', 'saw"\n', '9,8'])
R(['"ab"c'], doublequote=False)
R(['"a""b",""""'], doublequote=False)
R(['1,",3,",5'], quotechar=None, escapechar='\\')
R(['1,",3,",5'], quoting=csv.QUOTE_NONE, escapechar='\\')
R(['"a"b"c', 'x'], quoting=csv.QUOTE_NONE)
R(['1,@,3,@,5'], quotechar='@')
# escapes
R(['a,\\b,c', 'a,b\\,c', 'a,"b\\,c"', 'a,"b,c\\""', 'a,"b,c"\\'], escapechar='\\')
R(['"a\\"b"', '"a""b"'], doublequote=False, escapechar='\\')
R(['1\\\n', '2'], escapechar='\\')
R(['1\\\r\n', '2'], escapechar='\\')
R(['\\', 'x'], escapechar='\\')
R(['"\\', 'x"'], escapechar='\\')
R(['"1"\\x'], escapechar='\\')
R(['a,\\b,c'])
R([' \\a, b'], skipinitialspace=True, escapechar='\\')
# NUL is an ordinary character, and may be an option
R(['\0', 'a,\0b,c', 'a,b\0,c', 'a,"\0b",c'])
R(['a\0b\0c'], delimiter='\0')
R(['a,\0b,c'], escapechar='\0')
R(['1,\0,3,\0,5', '\0a\0\0b\0'], quotechar='\0')
# other delimiters, spaces, non-ASCII text
R(['a;b;c'], delimiter=';')
R(['no space, space,  spaces,\ttab'], skipinitialspace=True)
R(['a, "b,c"'], skipinitialspace=True)
R(['é,ü€,"😀"', 'x€y€"z€"'])
R(['xΛyΛz'], delimiter='Λ')
R(['a😀"b😀c"😀d'], delimiter='😀')
# QUOTE_NONNUMERIC converts unquoted non-empty fields
R([',3,"5",7.3, 9'], quoting=N)
R(['\\5,6'], quoting=N, escapechar='\\')
R(['"a"5,6'], quoting=N)
R(['5"a",6'], quoting=N)
R([' 5,6', '  ,6'], quoting=N, skipinitialspace=True)
R(['1,2\n', ''], quoting=N)
R(['1,"2\n', '3"'], quoting=N)
R(['1e3,-0,inf,nan,1_0'], quoting=N)
R(['abc,3'], quoting=N)
R(['1\\\r\n', '2'], escapechar='\\', quoting=N)
# errors
R(['a,b\rc,d'])
R(['a,b\nc,d'])
R(['a,b\r\nc,d'])
R(['"a"\rb'])
R([1])
R([b'abc'])
R(['a', 1])
R(['a', b'b'])
R(['"ab"c'], strict=1)
R(['"1"x'], strict=True, delimiter=';')
R(['"1"x'], strict=True, quotechar="'", delimiter='\t')
R(["'1'x"], strict=True, quotechar="'", delimiter='\t')
R(['a,"'])
R(['"a'])
R(['^'], escapechar='^')
R(['a,"'], strict=True)
R(['"a'], strict=True)
R(['^'], escapechar='^', strict=True)
R(['"1\\'], escapechar='\\', strict=True)
R(['"1\\'], escapechar='\\')

# line_num counts lines read, also across records spanning several lines
r = csv.reader(['line,1', '"line\n', '2"', 'line,3'])
print(r.line_num)
for row in r:
    print(row, r.line_num)
try:
    next(r)
except StopIteration:
    print('StopIteration', r.line_num)

# an error leaves the reader usable: the next record starts afresh
r = csv.reader(['a,"b', 'c\rd', 'e,f', 'g'])
for _ in range(4):
    try:
        print(next(r), r.line_num)
    except StopIteration:
        print('StopIteration')
        break
    except csv.Error as e:
        print('Error', e, r.line_num)

# exceptions from the iterable pass through
def gen():
    yield 'a,b'
    raise KeyError('boom')
r = csv.reader(gen())
print(next(r))
try:
    next(r)
except KeyError as e:
    print('KeyError', e)
class BadIterable:
    def __iter__(self):
        raise OSError('no iter')
try:
    csv.reader(BadIterable())
except OSError as e:
    print('OSError', e)

# the field size limit counts characters
old = csv.field_size_limit()
print(old)
big = 'X' * 5000
print(len(list(csv.reader([big + ',' + big]))[0]))
print(csv.field_size_limit(5000))
print([len(f) for f in next(csv.reader([big + ',' + big]))])
csv.field_size_limit(4999)
R([big])
R(['"' + big + '"'])
csv.field_size_limit(3)
R(['abc,é€😀', '"ab",cd'])
R(['abcd'])
R(['ééé€'])
print(csv.field_size_limit(old), csv.field_size_limit())
for bad in (None, 1.0, True, '5', 2**70):
    try:
        csv.field_size_limit(bad)
    except (TypeError, OverflowError) as e:
        print(type(e).__name__, e)
try:
    csv.field_size_limit(1, 2)
except TypeError as e:
    print(e)
print(csv.field_size_limit(new_limit=old), csv.field_size_limit())

# a big field and many fields
row = next(csv.reader([','.join(str(i) * (i % 7) for i in range(3000))]))
print(len(row), sum(map(len, row)), row[:9])
