# csv.writer: quoting styles, escapes, doublequote, line terminators, None
# and non-string fields, errors (nothing is written), writerows
import csv, io

PLAIN = (int, float, complex, str, bytes, type(None), list, tuple, set, range, dict)
def show(row):
    if isinstance(row, (list, tuple)):
        return [x if isinstance(x, PLAIN) else type(x).__name__ for x in row]
    return row if isinstance(row, PLAIN) else type(row).__name__

def W(row, **kw):
    s = io.StringIO()
    label = show(row)
    try:
        w = csv.writer(s, **kw)
        n = w.writerow(row)
        print(repr(label), kw, repr(s.getvalue()), n)
    except Exception as e:
        print(repr(label), kw, type(e).__name__, e, repr(s.getvalue()))

A, M, N, Z = csv.QUOTE_ALL, csv.QUOTE_MINIMAL, csv.QUOTE_NONNUMERIC, csv.QUOTE_NONE
W([])
W([''])
W(['', ''])
W([None])
W([None, None])
W(['a', None])
W(iter(['a', 1, 'p,q']))
W(iter([]))
W('abc')
W(range(5))
W({'k': 1, 'l': 2})
for q in (M, A, N, Z):
    W(['a', 1, 'p,q'], quoting=q)
    W([None], quoting=q)
    W([''], quoting=q)
    W(['a\nb', 'c\rd'], quoting=q)
W([1, 1.5, True, None, 'x', 2+3j, -0.0], quoting=N)
class Num:
    def __float__(self): return 1.0
    def __str__(self): return 'num'
class Idx:
    def __index__(self): return 1
    def __str__(self): return 'idx'
class Plain:
    def __str__(self): return 'plain'
W([Num(), Idx(), Plain()], quoting=N)
# quotechar and doublequote
W(['a"bc"', 'q'])
W(['"'])
W(['a"b'], doublequote=False)
W(['a"b'], doublequote=False, escapechar='\\')
W(['"'], escapechar='\\')
W(['"'], escapechar='\\', doublequote=False)
W(["it's", 'a"b'], quotechar="'")
W(['a"b'], quotechar=None, escapechar='\\')
W(['a,b'], quotechar=None, escapechar='\\')
W(['a,b'], quotechar=None)
# escapechar
W(['a', 1, 'p,q'], escapechar='\\')
W(['a', 1, 'p,"q"'], escapechar=None, doublequote=False)
W(['a', 1, 'p,"q"'], escapechar='\\', doublequote=False)
W(['"'], escapechar='\\', quoting=Z)
W(['a', 1, 'p,q'], escapechar='\\', quoting=Z)
W(['\\', 'a'], escapechar='\\', quoting=Z)
W(['\\', 'a'], escapechar='\\', quoting=M)
W(['\\', 'a'], escapechar='\\', quoting=A)
W(['\\ ', 'a'], escapechar='\\', quoting=M)
W(['\\,', 'a'], escapechar='\\', quoting=Z)
W([',\\', 'a'], escapechar='\\', quoting=M)
W(['C\\', '6', '7', 'X"'], escapechar='\\', quoting=M)
W(['aaaaa'], escapechar='a')
W(['a\rb', 'c\nd'], quoting=Z, escapechar='\\')
W(['a\rb'], quoting=Z)
W(['a"b'], quoting=Z)
W(['a"b'], quoting=Z, escapechar='\\')
W(['a"b'], quoting=Z, escapechar='\\', quotechar=None)
W(['', 'x'], quoting=Z)
W(['x,y'], quoting=Z, escapechar='\\')
# line terminators: their characters need quoting too
for lt in ('\r\n', '\n', '\r', '!@#', '\0', '', 'é€'):
    s = io.StringIO()
    w = csv.writer(s, lineterminator=lt)
    w.writerow(['a', 'b'])
    w.writerow([1, 2])
    w.writerow(['x@y', 'é', '€'])
    print(repr(lt), repr(s.getvalue()))
W(['ab'], lineterminator='b')
W(['ab'], lineterminator='b', quoting=Z, escapechar='\\')
# delimiters, spaces, non-ASCII text
W(['a b', '', ' c'], delimiter=' ')
W(['a b', ''], delimiter=' ', skipinitialspace=True)
W([''], delimiter=' ', skipinitialspace=True)
W([' a'], skipinitialspace=True)
W(['a\0b'])
W(['a\0b'], delimiter='\0')
W(['é€😀', 'x€y'], delimiter='€')
W(['Λ', 1, 2], delimiter='Λ')
W(['😀"😀'], quotechar='😀')
# non-string fields
W([b'ab', 1.25, 10**30, [1, 2], (3,), {'a'}])
class S:
    def __str__(self): return 'x,y'
W([S()])
# errors: the exception passes up, and nothing is written
W(1)
W(None)
class BadIterable:
    def __iter__(self): raise OSError('bad iter')
W(BadIterable())
class BadList:
    def __len__(self): return 10
    def __getitem__(self, i):
        if i > 2: raise OSError('bad item %d' % i)
        return i
W(BadList())
class BadItem:
    def __str__(self): raise OSError('bad str')
W(['a', BadItem()])
W(['a', 'b"c'], quoting=Z)

# write() is called once per record with the whole line; its result is returned
class Log:
    def __init__(self): self.calls = []
    def write(self, s):
        self.calls.append(s)
        return 'written %d' % len(s)
log = Log()
w = csv.writer(log)
print(w.writerow(['a', 'b']), w.writerows([['c'], [], [None], ['d', 'e']]), log.calls)
print(w.writerows(iter([])), w.writerows(x for x in [[1], [2]]), log.calls[-2:])
class BrokenFile:
    def write(self, s): raise OSError('disk full')
w = csv.writer(BrokenFile())
for f, a in ((w.writerow, ['a']), (w.writerows, [['a']])):
    try:
        f(a)
    except OSError as e:
        print('OSError', e)
w = csv.writer(io.StringIO())
for a in (None, 1, BadIterable(), [1], [['a'], 2]):
    try:
        w.writerows(a)
    except Exception as e:
        print(type(e).__name__, e)
for f, a, k in ((w.writerow, (), {}), (w.writerow, ([1], [2]), {}), (w.writerows, (), {}),
                (w.writerows, ([[1]],), {'x': 1}), (w.writerow, (), {'row': [1]})):
    try:
        f(*a, **k)
    except TypeError as e:
        print('TypeError', e)

# a round trip through a file, with records spanning lines
import tempfile
rows = [['a\nb', 'b'], ['c', 'x\r\nd'], ['"q"', ''], [None, 'é']]
for kw in ({}, {'quoting': Z, 'escapechar': '\\'}, {'quoting': A}, {'delimiter': '\t', 'lineterminator': '\n'}):
    with tempfile.TemporaryFile('w+', encoding='utf-8', newline='') as f:
        csv.writer(f, **kw).writerows(rows)
        f.seek(0)
        text = f.read()
        f.seek(0)
        print(kw, repr(text), list(csv.reader(f, **kw)))

# a big record
big = 'X' * 50000
s = io.StringIO()
csv.writer(s).writerow([big, 'a,b', big])
print(len(s.getvalue()), s.getvalue()[49995:50010])
