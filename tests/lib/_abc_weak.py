# _abc: the registry and the caches hold classes weakly: a class that dies
# leaves them. The collector is conservative, so a few may survive a
# collection: the test asks that most are gone.
import gc
import _abc
from abc import ABC


class Base(ABC):
    pass


def churn(n):
    for i in range(n):
        C = type(f"C{i}", (), {})
        Base.register(C)
        issubclass(C, Base)
        D = type(f"D{i}", (), {})
        issubclass(D, Base)      # negative cache
        E = type(f"E{i}", (C,), {})
        issubclass(E, Base)      # positive cache, through the registry


N = 200
churn(N)
for _ in range(3):
    gc.collect()
reg, cache, neg, _ = _abc._get_dump(Base)
print(len(reg) < N // 2, len(cache) < N // 2, len(neg) < N // 2)

# what survives still answers
class Kept:
    pass


Base.register(Kept)
churn(50)
gc.collect()
print(issubclass(Kept, Base), isinstance(Kept(), Base), issubclass(int, Base))
reg = _abc._get_dump(Base)[0]
print(any(r() is Kept for r in reg), all(r() is not None for r in reg))
Base._abc_registry_clear()
print(_abc._get_dump(Base)[0], issubclass(Kept, Base))
