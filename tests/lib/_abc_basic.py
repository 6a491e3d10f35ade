# _abc: ABCMeta's C machinery: __abstractmethods__, register, the caches,
# __subclasshook__, the error messages.
import abc
import _abc
from abc import ABC, ABCMeta, abstractmethod


def show(f, *args):
    try:
        print("  ->", f(*args))
    except Exception as e:
        print("  !!", type(e).__name__, e)


print(ABCMeta.__module__, ABCMeta.register.__qualname__)
print(sorted(n for n in dir(_abc) if not n.startswith("__")))


class A(ABC):
    @abstractmethod
    def f(self): ...

    @property
    @abstractmethod
    def p(self): ...

    @classmethod
    @abstractmethod
    def c(cls): ...

    def g(self):
        return "g"


print(sorted(A.__abstractmethods__), type(A.__abstractmethods__).__name__)
show(A)


class B(A):
    def f(self):
        return 1


print(sorted(B.__abstractmethods__))
show(B)


class C(B):
    p = 3

    @classmethod
    def c(cls):
        return "c"


print(sorted(C.__abstractmethods__), C().f(), C().p, C.c())


# a name made abstract again in a subclass
class D(C):
    f = abstractmethod(lambda self: 0)


print(sorted(D.__abstractmethods__))
show(D)

# update_abstractmethods after the class changed
C2 = type("C2", (B,), {"p": 1})
print(sorted(C2.__abstractmethods__))
C2.c = classmethod(lambda cls: 5)
abc.update_abstractmethods(C2)
print(sorted(C2.__abstractmethods__), C2().c())

# __abstractmethods__ from a non-ABC base that declares some
class Plain:
    __abstractmethods__ = frozenset({"h"})

    @abstractmethod
    def h(self): ...


class E(Plain, metaclass=ABCMeta):
    pass


print(sorted(E.__abstractmethods__))


# register
class R:
    pass


print(A.register(R) is R, issubclass(R, A), isinstance(R(), A))
print(issubclass(R, B), issubclass(int, A))
show(A.register, 3)
show(A.register, A)           # already a subclass: no-op
print(A.register(B) is B)      # already a real subclass
show(B.register, A)           # would make a cycle


@A.register
class R2:
    pass


class R3(R2):
    pass


print(R2.__name__, issubclass(R3, A), isinstance(R3(), A), issubclass(R3, B))

# registering invalidates every negative cache
class Z:
    pass


print(issubclass(Z, B), issubclass(Z, A))
tok = abc.get_cache_token()
B.register(Z)
print(abc.get_cache_token() - tok, issubclass(Z, B), issubclass(Z, A))
print(abc.get_cache_token() is not None, type(abc.get_cache_token()).__name__)

# recursion through __subclasses__: an ABC's ABC subclass's registry
class Top(ABC):
    pass


class Mid(Top):
    pass


class Leaf:
    pass


Mid.register(Leaf)
print(issubclass(Leaf, Top), issubclass(Leaf, Mid), Top in Leaf.__mro__)


# __subclasshook__
class Hook(ABC):
    answers = {}

    @classmethod
    def __subclasshook__(cls, sub):
        print("  hook", cls.__name__, sub.__name__)
        return Hook.answers.get(sub.__name__, NotImplemented)


class Yes: pass
class No: pass
class Bad: pass


Hook.answers = {"Yes": True, "No": False, "Bad": 42}
print(issubclass(Yes, Hook), issubclass(Yes, Hook))   # second: cache, no hook
print(issubclass(No, Hook), issubclass(No, Hook))
show(issubclass, Bad, Hook)
Hook.register(No)   # the negative cache is stale now
print(issubclass(No, Hook))
Hook._abc_caches_clear()
print(issubclass(Yes, Hook))
print(isinstance(Yes(), Hook), isinstance(No(), Hook))

# issubclass with a non-class first argument
show(issubclass, 3, A)
show(_abc._abc_subclasscheck, A, 3)


# __class__ differs from the type
class Liar:
    @property
    def __class__(self):
        return R


print(isinstance(Liar(), A))

# the state object
impl = A._abc_impl
print(type(impl).__name__, type(impl).__module__, type(impl).__qualname__)
print(type(type(impl)()).__name__)
reg, cache, neg, version = _abc._get_dump(A)
print(sorted(r().__name__ for r in reg), type(version).__name__)
print(all(type(r).__name__ == "ReferenceType" for r in reg | cache | neg))
A._abc_registry_clear()
print(_abc._get_dump(A)[0], issubclass(R2, A) in (True, False))
A._abc_caches_clear()
print(_abc._get_dump(A)[1:3])
print(issubclass(R2, A), issubclass(R, A))


# a wrong _abc_impl
class W(ABC):
    pass


W._abc_impl = 5
show(issubclass, int, W)
show(W.register, int)
del W._abc_impl
show(issubclass, int, W)

# argument checking
show(_abc._abc_init)
show(_abc._abc_register, A)
show(_abc._abc_instancecheck, A, 1, 2)
show(_abc.get_cache_token, 1)
show(_abc._get_dump, A, 1)
show(lambda: _abc._abc_subclasscheck(A, subclass=int))
show(_abc._abc_init, 5)
