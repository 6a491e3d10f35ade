# X | Y with GenericAlias subclasses (collections.abc.Callable[...]),
# mappingproxy's |= and class subscription, type.__basicsize__/__itemsize__
import collections.abc, types, typing

class SubClass(types.GenericAlias): ...
a, b, c, d = list[int], list[str], dict[float, str], SubClass(list, float)
print(a | b | c | d == typing.Union[a, b, c, d], repr(a | c | b | b | a | c | d | d))
print(a | b | d == b | a | d)
u = int | collections.abc.Callable[[int], str] | bytes
print(repr(u), u.__args__[1].__origin__)
print(repr(None | collections.abc.Callable[..., int]), repr(SubClass(list, int) | SubClass(list, int)))
try:
    int | 3
except TypeError as e:
    print('TypeError', e)

m = types.MappingProxyType({'a': 1})
try:
    m |= {'b': 2}
except TypeError as e:
    print('TypeError', e)
print(m | {'b': 2}, {'c': 3} | m, types.MappingProxyType[str, int], m)
print(sorted(set(dir(m)) - set(dir(object()))))

class T(tuple): pass
print(object.__basicsize__ > 0, tuple.__itemsize__ > 0, T.__itemsize__ == tuple.__itemsize__,
      bytes.__itemsize__, list.__itemsize__, type(object.__basicsize__).__name__)
