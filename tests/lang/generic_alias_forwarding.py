# GenericAlias forwards all but a few attributes to its origin; type[...]
# is special (its subclasses are not subscriptable); more builtins take [].
import itertools, types, collections.abc, copy, pickle, typing

t = list[int]
a = t()
t.append(a, 'foo')
print(a, t.__getitem__(a, 0), t.__len__(a))
print(set(dir(list[int])) >= set(dir(list)), [n for n in dir(t) if n not in dir(list)])
print(t.__module__, t.__name__, t.__qualname__, t.__doc__ == list.__doc__)
for name in ("__copy__", "__deepcopy__", "nonexistent"):
    try:
        getattr(t, name)
    except AttributeError as e:
        print("AttributeError:", e)
c = collections.abc.Callable[[int], str]
print(c, c.__args__, type(c).__name__)
print(copy.copy(t), copy.deepcopy(t), pickle.loads(pickle.dumps(t)), t == list[int], hash(t) == hash(list[int]))
T = typing.TypeVar('T')
print(list[T][int], dict[T, T].__parameters__)
class C(list[int]):
    pass
print(C.__bases__, C.__orig_bases__, t.__class__)

async def agen():
    yield 1
for x in (type, enumerate, itertools.chain, type(agen()), list, dict):
    print(x[int])
class MyType(type):
    pass
try:
    MyType[int]
except TypeError as e:
    print("TypeError:", e)
print(hasattr(type, "__class_getitem__"), type[int](0), type[int]('X', (), {}))

class SubClass(types.GenericAlias):
    pass
print(SubClass(list, int) == list[int], type(SubClass(list, int)).__name__)
class Bad(types.GenericAlias):
    def __new__(cls, *args, **kwargs):
        return super().__new__(cls, *args, **kwargs)
class WithInit(types.GenericAlias):
    def __init__(self, *args, **kwargs):
        pass
for f in (lambda: Bad(list, int, bad=int), lambda: types.GenericAlias(list, int, bad=int),
          lambda: WithInit(list, int, bad=int), lambda: types.GenericAlias(list)):
    try:
        print(f())
    except TypeError as e:
        print("TypeError:", e)
