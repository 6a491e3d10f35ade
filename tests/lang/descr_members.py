# member_descriptor and getset_descriptor of builtin types: their types,
# names, docs, and "readonly attribute" for the read-only members.
import types, inspect

for d in (complex.real, float.real, property.fget, types.FunctionType.__globals__, str.lower, int.__add__):
    print(type(d).__name__, d.__qualname__, d.__objclass__.__name__)
print(types.MemberDescriptorType.__name__, types.GetSetDescriptorType.__name__)
print(complex.real.__doc__, complex.imag.__doc__, sep=" | ")

class S:
    __slots__ = ("a", "__weakref__")

print(isinstance(S.__dict__["a"], types.MemberDescriptorType), inspect.ismemberdescriptor(S.a),
      inspect.ismemberdescriptor(complex.real), inspect.isgetsetdescriptor(float.real), S.a.__doc__)

class D0:
    def m(self):
        pass

def f():
    pass

targets = [(1j, "real"), (property(), "fget"), (property(), "fdel"), (f, "__globals__"),
           (f, "__closure__"), (D0().m, "__self__"), (D0().m, "__func__"), (1.5, "real")]
for obj, name in targets:
    for op in ("set", "del"):
        try:
            if op == "set":
                setattr(obj, name, 1)
            else:
                delattr(obj, name)
        except AttributeError as e:
            print(type(obj).__name__, name, op, "AttributeError:", e)

class Z(complex):
    pass

z = Z(1, 2)
try:
    z.real = 5
except AttributeError as e:
    print("AttributeError:", e)
print(z.real, z.imag, complex.real.__get__(3 + 4j))
try:
    complex.real.__get__("x")
except TypeError as e:
    print("TypeError:", e)

class D:
    pass
print("__weakref__" in D.__dict__, D.__dict__["__dict__"].__doc__, D.__dict__["__weakref__"].__doc__)

class OnlyDict:
    __slots__ = ["__dict__"]
class OnlyWeak:
    __slots__ = ["__weakref__"]
print(hasattr(OnlyDict(), "__weakref__"), hasattr(OnlyWeak(), "__weakref__"), hasattr(OnlyWeak(), "__dict__"))
