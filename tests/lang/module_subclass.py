# subclasses of types.ModuleType (lazy loaders replace themselves in
# sys.modules with one): their methods, __getattr__, and the namespace
import sys, types
class _auto(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("lazy_"):
            v = name.upper()
            setattr(self, name, v)
            return v
        raise AttributeError(name)
    def foo(self):
        return "foo"
m = _auto("mm", "the doc")
m.y = 5
print(m.foo(), m.y, m.__dict__["y"], m.__doc__, m.__name__, type(m).__name__)
print(m.lazy_thing, "lazy_thing" in m.__dict__)
sys.modules["mm"] = m
from mm import lazy_other, y
print(lazy_other, y)
try:
    m.nothing
except AttributeError as e:
    print("AttributeError", e)
print(isinstance(m, types.ModuleType), repr(m).startswith("<module 'mm'"))
