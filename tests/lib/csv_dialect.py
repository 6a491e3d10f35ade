# csv dialects: _csv.Dialect's options, defaults and validation messages,
# dialect classes and instances, the registry, reader/writer arguments
import _csv, csv, io, copy, pickle

def T(f, *a, **k):
    try:
        r = f(*a, **k)
        print('ok', type(r).__name__)
        return r
    except Exception as e:
        print(type(e).__name__, e)

def attrs(d):
    return (d.delimiter, d.quotechar, d.escapechar, d.lineterminator, d.quoting,
            d.doublequote, d.skipinitialspace, d.strict)

print(attrs(_csv.Dialect()))
for kw in [dict(delimiter=''), dict(delimiter='ab'), dict(delimiter=1), dict(delimiter=None),
           dict(delimiter=b','), dict(quotechar=''), dict(quotechar=1), dict(quotechar='ab'),
           dict(quotechar=b'"'), dict(escapechar=''), dict(escapechar=1), dict(escapechar='ab'),
           dict(escapechar=b'\\'), dict(lineterminator=1), dict(lineterminator=None),
           dict(lineterminator=b'\n'), dict(quoting=5), dict(quoting=-1), dict(quoting='a'),
           dict(quoting=1.0), dict(quoting=None), dict(quoting=True), dict(quoting=2**40),
           dict(quotechar=None), dict(quotechar=None, quoting=1), dict(quotechar=None, quoting=3),
           dict(quoting=csv.QUOTE_ALL, quotechar=''), dict(quoting=csv.QUOTE_NONE, quotechar=''),
           dict(delimiter='\n'), dict(delimiter=' ', skipinitialspace=True), dict(escapechar='\n'),
           dict(quotechar='\r'), dict(lineterminator=''), dict(delimiter=',', quotechar=','),
           dict(delimiter=',', escapechar=','), dict(escapechar='"'), dict(strict=[]),
           dict(doublequote=[1]), dict(skipinitialspace='yes'), dict(delimiter='\0'),
           dict(delimiter='€', quotechar='😀', escapechar='é', lineterminator='Λ\n'),
           dict(delimiter=':', doublequote=False, escapechar='\\', lineterminator='\r',
                quotechar='*', quoting=csv.QUOTE_NONE, skipinitialspace=True, strict=True)]:
    try:
        print(kw, attrs(_csv.Dialect(**kw)))
    except Exception as e:
        print(kw, type(e).__name__, e)

# argument errors (the messages of an unnamed PyArg_ParseTupleAndKeywords)
T(_csv.Dialect, 1, 2)
T(_csv.Dialect, 'excel', ',', True, None, '\r\n', '"', 0, False, False, 1)
T(_csv.Dialect, delimiter=',', bad=1)
T(_csv.Dialect, 'excel', dialect='excel')
T(_csv.Dialect, 'nonesuch')
T(_csv.Dialect, [])
T(_csv.Dialect, None)
print(attrs(_csv.Dialect('excel', ';', False, '\\')))

# a Dialect is reused when nothing changes
d = csv.get_dialect('excel')
print(_csv.Dialect(d) is d, _csv.Dialect('excel') is d, _csv.Dialect(d, delimiter=';') is d)
print(attrs(_csv.Dialect(d, delimiter=';')))
class Sub(_csv.Dialect):
    pass
s = Sub(delimiter='|')
print(type(s).__name__, attrs(s), _csv.Dialect(s) is s, isinstance(s, _csv.Dialect))
s.extra = 1
print(s.extra, attrs(Sub(s, quoting=1)))

# read-only attributes, no pickling or copying
for name in ('delimiter', 'quoting', 'strict', 'doublequote', 'lineterminator'):
    for f in (lambda: setattr(d, name, 1), lambda: delattr(d, name)):
        try:
            f()
        except AttributeError as e:
            print('AttributeError', name)
T(setattr, d, 'foo', 1)
T(copy.copy, d)
T(copy.deepcopy, d)
for proto in range(pickle.HIGHEST_PROTOCOL + 1):
    T(pickle.dumps, d, proto)
T(pickle.dumps, s)

# classes and instances as dialects; missing attributes keep the defaults
class testA(csv.excel):
    delimiter = '\t'
class unspecified:
    pass
class Partial:
    delimiter = ';'
    quoting = csv.QUOTE_ALL
class Props:
    @property
    def delimiter(self):
        raise KeyError('no delimiter')
    quotechar = "'"
for dia in (testA, testA(), unspecified, unspecified(), Partial, Props(), csv.unix_dialect, 'unix', 'excel-tab'):
    s = io.StringIO()
    w = csv.writer(s, dia)
    w.writerow([1, 'a b', "c'd", 'e"f'])
    print(attrs(w.dialect), repr(s.getvalue()))

# csv.Dialect subclasses are validated through _csv.Dialect (csv.Error)
class mydialect(csv.Dialect):
    delimiter = ';'
    escapechar = '\\'
    doublequote = False
    skipinitialspace = True
    lineterminator = '\r\n'
    quoting = csv.QUOTE_NONE
print(mydialect().quoting)
for name, value in (('quoting', None), ('quotechar', ''), ('quotechar', "''"), ('quotechar', 4),
                    ('delimiter', ':::'), ('delimiter', b','), ('delimiter', None), ('escapechar', '**'),
                    ('escapechar', b'*'), ('lineterminator', 4), ('lineterminator', ':::')):
    saved = getattr(mydialect, name)
    setattr(mydialect, name, value)
    T(mydialect)
    setattr(mydialect, name, saved)
class incomplete(csv.Dialect):
    delimiter = '\t'
T(incomplete)

# the registry
print(sorted(csv.list_dialects()))
csv.register_dialect('semi', delimiter=';')
csv.register_dialect('tabs', testA, quoting=csv.QUOTE_ALL)
csv.register_dialect('copy', csv.get_dialect('semi'))
print(sorted(csv.list_dialects()), csv.get_dialect('copy') is csv.get_dialect('semi'))
print(attrs(csv.get_dialect('tabs')), list(csv.reader(['X;Y;Z'], 'semi')))
print(sorted(_csv._dialects) == sorted(csv.list_dialects()))
csv.register_dialect('semi', delimiter='|')
print(csv.get_dialect('semi').delimiter)
for n in ('semi', 'tabs', 'copy'):
    csv.unregister_dialect(n)
print(sorted(csv.list_dialects()))
T(csv.list_dialects, None)
T(csv.get_dialect)
T(csv.get_dialect, None)
T(csv.get_dialect, 'nonesuch')
T(csv.get_dialect, [])
T(csv.get_dialect, name='excel')
T(csv.unregister_dialect)
T(csv.unregister_dialect, None)
T(csv.unregister_dialect, 'nonesuch')
T(csv.unregister_dialect, [])
T(csv.register_dialect)
T(csv.register_dialect, None)
T(csv.register_dialect, None, None)
T(csv.register_dialect, 'x', 0, 0)
T(csv.register_dialect, 'x', badargument=None)
T(csv.register_dialect, 'x', quoting=None)
T(csv.register_dialect, [])
T(csv.register_dialect, name='x')
T(csv.register_dialect, 'x', 'nonesuch')
print(sorted(csv.list_dialects()))

# reader and writer arguments
T(csv.reader)
T(csv.reader, None)
T(csv.reader, [], bad_attr=0)
T(csv.reader, [], 'foo')
T(csv.reader, [], 'excel', 3)
T(csv.reader, [], dialect='excel')
T(csv.reader, iterable=[])
T(csv.reader, [], quoting=-1)
T(csv.reader, [], quoting=100)
T(csv.writer)
T(csv.writer, 1)
T(csv.writer, None)
T(csv.writer, io.StringIO(), 'excel', 3)
T(csv.writer, io.StringIO(), delimiter='XX')
class NotCallable:
    write = 'no'
T(csv.writer, NotCallable())
class BadWriter:
    @property
    def write(self):
        raise OSError('no write')
T(csv.writer, BadWriter())
r = csv.reader([], delimiter=':', strict=True)
print(attrs(r.dialect), r.line_num)
for name in ('dialect', 'line_num'):
    T(setattr, r, name, 1)
w = csv.writer(io.StringIO(), 'excel-tab')
print(attrs(w.dialect))
T(setattr, w, 'dialect', 1)
# (_csv.Reader() and _csv.Writer() are not tried: Debian's 3.11.2 makes
# unusable half-made objects, later 3.11 releases refuse, as tpy does)
print(type(r).__name__, type(w).__name__, type(r) is _csv.Reader, type(w) is _csv.Writer)
print(_csv.Reader.__module__, _csv.Dialect.__module__, _csv.Error.__module__, _csv.Error.__mro__[1].__name__)
print(_csv.__version__, _csv.QUOTE_MINIMAL, _csv.QUOTE_ALL, _csv.QUOTE_NONNUMERIC, _csv.QUOTE_NONE)
class MyError(csv.Error):
    pass
print(issubclass(MyError, Exception), csv.Error is _csv.Error)
