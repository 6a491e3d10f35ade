# types.GenericAlias and typing with TypeVarTuple and unpacked tuples
# (iterating an alias gives the starred alias once)
import pickle
import types
from typing import Generic, Tuple, TypeVar, TypeVarTuple

T, T1, T2 = TypeVar('T'), TypeVar('T1'), TypeVar('T2')
Ts = TypeVarTuple('Ts')


class C(Generic[*Ts]):
    pass


star = [*tuple[int, ...]]
print(len(star), star[0], star[0].__unpacked__, star[0].__typing_unpacked_tuple_args__)
print(list[int].__unpacked__, list[int].__typing_unpacked_tuple_args__, [*list[str]][0].__typing_unpacked_tuple_args__)
print(star[0] == tuple[int, ...], star[0] == [*tuple[int, ...]][0])
print(pickle.loads(pickle.dumps(star[0])) == star[0], repr(pickle.loads(pickle.dumps(star[0]))))
it = iter(list[int])
print(next(it), next(it, 'done'))

cases = [
    ('C[*Ts]', '[int, str]'),
    ('C[T, *Ts]', '[int]'),
    ('C[T, *Ts]', '[()]'),
    ('C[*Ts, T]', '[int, str, bool]'),
    ('tuple[T1, *tuple[int, ...], T2]', '[str, bool]'),
    ('tuple[T1, *tuple[int, ...], T2]', '[str, bool, float]'),
    ('tuple[T, *Ts]', '[*tuple[int, ...]]'),
    ('tuple[*Ts, T]', '[str, *tuple[int, ...]]'),
    ('Tuple[T1, *Tuple[int, ...], T2]', '[str, bool]'),
    ('tuple[T1, *tuple[T2, ...]]', '[int, str]'),
    ('C[T1, *tuple[C[*Ts], ...]]', '[int, str, bool]'),
    ('tuple[*Ts]', '[*tuple[int, str]]'),
    ('list[T]', '[int, str]'),
    ('dict[T, list[T2]]', '[str, int]'),
]
for alias, args in cases:
    try:
        print(alias + args, '->', eval(alias + args))
    except TypeError as e:
        print(alias + args, '-> TypeError:', e)


def f(*args: *tuple[int, str]):
    pass


print(f.__annotations__)


class L(list):
    pass


obj = types.GenericAlias(L, (int,))()
print(obj.__orig_class__, type(obj).__name__)
print(list[int]() == [], dict[str, int](a=1))


class D(Generic[T]):
    pass


print(D[int]().__orig_class__)
