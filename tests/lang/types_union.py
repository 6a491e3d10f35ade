import types
u = int | str
print(u, type(u), u.__args__, int | int, int | None, None | int)
print(isinstance(3, u), isinstance("a", u), isinstance(3.0, u), issubclass(bool, u))
print(u == (str | int), hash(u) == hash(str | int), (int | str) | float)
print(list[int] | None, int | list[str])
try:
    isinstance(3, list[int])
except TypeError as e: print(e)
try:
    isinstance(3, int | list[int])
except TypeError as e: print(e)
try:
    int | 3
except TypeError as e: print(e)
print(types.UnionType, types.GenericAlias)
class M(type): pass
class A(metaclass=M): pass
print(A | int, isinstance(A(), A | None))
print(list[int].__parameters__, dict[str, int] == dict[str, int])
