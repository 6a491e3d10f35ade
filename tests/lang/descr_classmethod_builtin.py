# A builtin type's class method (dict.fromkeys) is a classmethod_descriptor
# in the type's dict, and a builtin method bound to the class when looked
# up; a builtin type's __new__ is a builtin method bound to the type.
import types


def show(f, *a, **k):
    try:
        r = f(*a, **k)
    except Exception as e:
        print(type(e).__name__, e)
    else:
        print("->", r if not callable(r) else type(r).__name__)


d = dict.__dict__["fromkeys"]
print(type(d).__name__, repr(d), d.__name__, d.__qualname__, d.__objclass__)
print(d.__text_signature__)
print(isinstance(d, types.ClassMethodDescriptorType), isinstance(str.join, types.MethodDescriptorType))
print(isinstance(int.__dict__["from_bytes"], types.ClassMethodDescriptorType))
show(d, dict, [1, 2])
show(d)
show(d, 1)
show(d, int, [1])


class D(dict):
    pass


show(d, D, [1])
show(d.__get__, None, D)
show(d.__get__, D())
show(d.__get__, None, int)
show(d.__get__, None, 5)
show(d.__get__, 3)
m = dict.fromkeys
print(type(m).__name__, m.__self__, m.__name__, m.__qualname__, m.__text_signature__)
print(m.__reduce__()[1])
print(D.fromkeys("ab"), type(D.fromkeys("ab")).__name__, {}.fromkeys("x"))
print(type(int.from_bytes).__name__, int.from_bytes(b"\x01\x00", "little"), float.fromhex("0x1p3"))
print(bytes.fromhex("41"), type(type.__dict__["__prepare__"]).__name__)
print(type(object.__dict__["__init_subclass__"]).__name__, type(object.__dict__["__subclasshook__"]).__name__)
m = dict.fromkeys
print(m == dict.fromkeys, dict.fromkeys == D.fromkeys)
show(d, dict, [1], 2, 3)
try:
    dict.fromkeys([1], x=1)
except TypeError as e:
    print(e)

import pickle
print(pickle.loads(pickle.dumps(dict.fromkeys))("ab"))

# __new__
n = int.__new__
print(type(n).__name__, n.__name__, n.__qualname__, n.__self__, n.__text_signature__)
print(n.__reduce__()[1])
show(n)
show(n, 5)
show(n, str)
show(n, bool)
show(n, int, "12")
show(n, int, "12", base=8)


class I(int):
    pass


show(n, I, 3)
show(object.__new__, dict)
show(object.__new__, I)
show(object.__new__)
print(type(object.__new__).__name__, object.__dict__["__new__"] is object.__new__)
print(int.__dict__["__new__"] is int.__new__, I.__new__ is int.__new__, (5).__new__ is int.__new__)
print(type(dict.__new__(dict)).__name__, list.__new__(list, [1]), tuple.__new__(tuple, [1]))
print(pickle.loads(pickle.dumps(int.__new__))(int, 7))


class C:
    def __new__(cls, *a):
        return super().__new__(cls)


class F(float):
    def __new__(cls, v):
        return float.__new__(cls, v * 2)


print(type(C(1, 2)).__name__, F(2.5), isinstance(int.__new__, types.BuiltinMethodType))
