# __reduce__ of builtin objects pickle needs: bound methods, method and
# slot descriptors, static methods of builtin types, range, exceptions
# (with attributes, notes, OSError file names, ImportError name/path),
# defaultdict; round trips through every protocol.
import pickle, collections

class C:
    def m(self):
        return 'm'

objs = [str.upper, list.append, int.__add__, str.maketrans, len,
        range(1, 10, 2), range(10 ** 20, 10 ** 21, 10 ** 19), object.__init__, set.union]
for o in objs:
    r = o.__reduce__()
    print(type(o).__name__, r if isinstance(r, str) else (r[0].__name__, r[1][1:] if len(r[1]) > 1 else r[1]))
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        u = pickle.loads(pickle.dumps(o, proto))
        assert u == o, (o, proto)

bound = pickle.loads(pickle.dumps(C().m))
print(bound())
app = pickle.loads(pickle.dumps([1].append))
print(type(app.__self__), app.__name__)

excs = [OSError(2, 'no file', 'f.txt'), OSError(2, 'no file', 'a', None, 'b'), FileNotFoundError(2, 'x'),
        ImportError('msg', name='mod', path='/p'), ValueError(1, 2), KeyError('k'), StopIteration(3)]
e = ValueError('with attr'); e.extra = [1, 2]; excs.append(e)
e = TypeError('noted'); e.add_note('a note'); excs.append(e)
for e in excs:
    print(e.__reduce__())
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        u = pickle.loads(pickle.dumps(e, proto))
        assert type(u) is type(e) and u.args == e.args
        assert u.__dict__ == e.__dict__ if type(e) not in (OSError, ImportError, FileNotFoundError) else True
    print('  ', type(u).__name__, u.args, getattr(u, 'filename', None), getattr(u, 'filename2', None),
          getattr(u, 'name', None), getattr(u, 'path', None), getattr(u, '__notes__', None), getattr(u, 'extra', None))

d = collections.defaultdict(list, a=[1], b=[2, 3])
r = d.__reduce__()
print(r[:4], sorted(r[4]))
for proto in range(pickle.HIGHEST_PROTOCOL + 1):
    u = pickle.loads(pickle.dumps(d, proto))
    print(proto, type(u).__name__, u.default_factory, sorted(u.items()))
print(collections.defaultdict(None).__reduce__()[:4])
print(issubclass(EncodingWarning, Warning))
