# type.__prepare__ (what super().__prepare__ reaches), a __prepare__ that
# returns no mapping, and type.__new__'s argument count for metaclasses.
import types
print(type.__prepare__("a", ()), type.__prepare__(), type.__prepare__("a", (), x=1))

class M(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        d = super().__prepare__(name, bases, **kw)
        d["x"] = 1
        return d
class A(metaclass=M):
    y = x + 1
print(A.x, A.y, types.new_class("X", (), {"metaclass": M}).x)

class BadMeta(type):
    @classmethod
    def __prepare__(*args):
        return None
try:
    class Foo(metaclass=BadMeta):
        pass
except TypeError as e:
    print(e)

for a in [(), (1, 2), (1, 2, 3, 4)]:
    try:
        type(*a)
    except TypeError as e:
        print(e)
for a in [(), (5,), (1, 2), (1, 2, 3, 4)]:
    try:
        M(*a)
    except TypeError as e:
        print(e)
