import typing
print(typing.List[int], typing.Optional[str], typing.Union[int, str])
from typing import NamedTuple, TypedDict, Generic, TypeVar, Protocol
T = TypeVar('T')
class P(NamedTuple):
    x: int
    y: int = 0
print(P(1), P._fields)
class B(Generic[T]): pass
print(B[int], B.__orig_bases__, B.__mro__)
class L(list[int]): pass
print(L.__orig_bases__, L.__bases__)
class TD(TypedDict):
    a: int
print(TD(a=1))
class Pr(Protocol):
    def m(self) -> int: ...
print(typing.get_type_hints(P))
class M(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        import collections
        return collections.OrderedDict()
    def __new__(mcls, name, bases, ns):
        print(type(ns).__name__, list(ns)[:3])
        return super().__new__(mcls, name, bases, dict(ns))
class Q(metaclass=M):
    a = 1
    b = 2
