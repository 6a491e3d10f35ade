# _abc with collections.abc and typing: builtins registered at start-up,
# match patterns following register(), protocols, hot loops over the
# caches (the JIT records the C calls).
import collections
import collections.abc as cabc
import typing
from abc import ABC


values = [{}, [], (), "s", b"b", set(), frozenset(), 1, 1.5, None, range(3),
          collections.OrderedDict(), collections.deque(), {}.keys(), {}.values(), {}.items(), iter([]),
          (x for x in ()), len, memoryview(b"")]
abcs = [cabc.Hashable, cabc.Iterable, cabc.Iterator, cabc.Generator, cabc.Sized,
        cabc.Container, cabc.Callable, cabc.Collection, cabc.Sequence,
        cabc.MutableSequence, cabc.Set, cabc.MutableSet, cabc.Mapping,
        cabc.MutableMapping, cabc.MappingView, cabc.KeysView, cabc.Reversible,
        cabc.ByteString]
for v in values:
    print(type(v).__name__.ljust(16), "".join("1" if isinstance(v, a) else "." for a in abcs))
for a in abcs:
    print(a.__name__.ljust(16), "".join("1" if issubclass(type(v), a) else "." for v in values))


# match patterns: a class registered as a Sequence or Mapping
class Seqish:
    def __init__(self, *items):
        self.items = items

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        return self.items[i]


class SubSeqish(Seqish):
    pass


class Mapish(dict):
    pass


def kind(x):
    match x:
        case [a, b]:
            return f"seq2 {a} {b}"
        case {"k": v}:
            return f"map {v}"
        case _:
            return "other"


print(kind(Seqish(1, 2)), kind(SubSeqish(3, 4)))
cabc.Sequence.register(Seqish)
print(kind(Seqish(1, 2)), kind(SubSeqish(3, 4)), isinstance(SubSeqish(), cabc.Sequence))
print(kind(Mapish(k=5)), kind({"k": 6}))


# typing's protocols go through ABCMeta
@typing.runtime_checkable
class HasLen(typing.Protocol):
    def __len__(self): ...


class Sized:
    def __len__(self):
        return 0


print(isinstance(Sized(), HasLen), isinstance(3, HasLen), issubclass(list, HasLen))
print(isinstance(None, HasLen), issubclass(type(None), HasLen))


class P(typing.Protocol):
    x: int


try:
    issubclass(int, P)
except TypeError as e:
    print("TypeError", e)


@typing.runtime_checkable
class PR(typing.Protocol):
    def meth(self): ...


class Reg:
    pass


PR.register(Reg)
print(isinstance(Reg(), PR), issubclass(Reg, PR))


# hot loops: the caches answer without calling Python code
class Base(ABC):
    pass


class Virt:
    pass


Base.register(Virt)
objs = [{}, [], Virt(), 3, "x", collections.OrderedDict()]
counts = [0, 0, 0]
for i in range(3000):
    o = objs[i % len(objs)]
    if isinstance(o, cabc.Mapping):
        counts[0] += 1
    if isinstance(o, Base):
        counts[1] += 1
    if issubclass(type(o), cabc.Sequence):
        counts[2] += 1
print(counts)

# a register() in the middle of a loop invalidates the negative caches
class Late:
    pass


seen = []
for i in range(200):
    if i == 100:
        Base.register(Late)
    seen.append(isinstance(Late(), Base))
print(seen.index(True), seen.count(True))


# the first sequence or mapping in the MRO decides what a pattern sees
class C0:
    pass


class M2(C0, collections.UserDict, cabc.Sequence):
    pass


class S2(C0, collections.UserList, cabc.Mapping):
    pass


class S3(list, C0, cabc.Mapping):
    pass


def seq_or_map(x):
    match x:
        case []:
            return "seq"
        case {}:
            return "map"
    return "neither"


print(seq_or_map(M2()), seq_or_map(S2()), seq_or_map(S3()))

# a register() after the class and its subclass exist
class Late2:
    pass


class Late2Sub(Late2):
    pass


print(seq_or_map(Late2Sub()))
cabc.Mapping.register(Late2)
print(seq_or_map(Late2()), seq_or_map(Late2Sub()))
cabc.Sequence.register(Late2)   # a sequence now, without a len()
try:
    print(seq_or_map(Late2()))
except TypeError as e:
    print("TypeError", e)

try:
    class Both(cabc.Collection):
        __abc_tpflags__ = cabc.Sequence.__flags__ | cabc.Mapping.__flags__
except TypeError as e:
    print("TypeError", e)
print("__abc_tpflags__" in cabc.Sequence.__dict__, cabc.Sequence.__flags__ & (1 << 5) != 0)


# Mapping declares itself not reversible (__reversed__ = None)
class MyMapping(cabc.Mapping):
    def __getitem__(self, k):
        raise KeyError(k)

    def __len__(self):
        return 0

    def __iter__(self):
        return iter(())


for arg in (MyMapping(), [1, 2], {3: 4}):
    try:
        print(list(reversed(arg)))
    except TypeError as e:
        print("TypeError", e)

# dict views: keys and items are unhashable sets, values hash by identity
d = {1: 2}
for v in [d.keys(), d.items(), d.values()]:
    try:
        print(type(hash(v)).__name__)
    except TypeError as e:
        print(e)
    print(type(v).__hash__, isinstance(v, cabc.Hashable), v == v)
print(d.values() == d.values(), len({d.values(), d.values()}))
