# Which library types sequence and mapping patterns accept: CPython derives
# UserList and UserString from collections.abc.Sequence, UserDict and
# ChainMap from MutableMapping (so patterns accept them), deque is a
# sequence, OrderedDict, defaultdict and Counter are dicts; strings, bytes
# and bytearrays are never sequences for a pattern.
import collections

def kind(x):
    match x:
        case {'a': v, **rest}:
            return 'mapping with a=%r rest=%r' % (v, sorted(rest.items()))
        case {}:
            return 'mapping'
        case [first, *others]:
            return 'sequence first=%r others=%r' % (first, others)
        case []:
            return 'empty sequence'
        case _:
            return 'neither'

values = [
    collections.UserDict({'a': 1, 'b': 2}),
    collections.UserDict(),
    collections.ChainMap({'a': 3}, {'c': 4}),
    collections.UserList([5, 6, 7]),
    collections.UserList(),
    collections.UserString('xyz'),
    collections.deque([8, 9]),
    collections.OrderedDict(a=10, z=11),
    collections.defaultdict(int, a=12),
    collections.Counter('aab'),
    'str', b'bytes', bytearray(b'ba'), range(2), (), 13, None,
]
for v in values:
    print(type(v).__name__, '->', kind(v))

class MyUserList(collections.UserList):
    pass

class Both(collections.UserList):
    __abc_tpflags__ = 1 << 6

print(kind(MyUserList([1])))
print('__abc_tpflags__' in Both.__dict__)
