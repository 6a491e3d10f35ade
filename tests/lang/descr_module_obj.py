# module objects: __new__ makes an empty module, __init__ names it; setattr
# honours data descriptors of the type; __dict__ is read-only.
import types

M = types.ModuleType
m = M.__new__(M)
print(repr(m), m.__dict__, hasattr(m, "__name__"))
try:
    m.foo
except AttributeError as e:
    print("AttributeError:", e)
m.foo = 1
print(m.__dict__)
m.__init__("named", "its doc")
print(sorted(m.__dict__.items()), repr(m))
for args in ((), (1,), ("a", "b", "c")):
    try:
        M(*args)
    except TypeError as e:
        print("TypeError:", e)
try:
    m.__dict__ = {}
except AttributeError as e:
    print("AttributeError:", e)

log = []
class MM(M):
    def __init__(self, name):
        M.__init__(self, name)
    def __setattr__(self, name, value):
        log.append(name)
        M.__setattr__(self, name, value)

a = MM("a")
a.x = 1
print(log, a.x, a.__name__)

class Base:
    pass
class Mod2(Base, M):
    pass
mod = Mod2("spam")
mod.__dict__["eggs"] = 1
print(mod.eggs, type(mod.__dict__).__name__)
for bad in ({}, None):
    try:
        mod.__dict__ = bad
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
