# function.__globals__ is a member_descriptor, as in CPython (a PyMemberDef),
# so types.MemberDescriptorType (defined as its type) is also the type of
# __slots__ descriptors: dataclasses then knows a slot is not a default.
import types
from dataclasses import dataclass
from typing import Any

def f():
    pass

g = types.FunctionType.__globals__
print(type(g).__name__, g, g.__name__, g.__qualname__, g.__objclass__)
print(types.MemberDescriptorType is type(g), types.MemberDescriptorType is types.GetSetDescriptorType)

class S:
    __slots__ = ('x',)
print(isinstance(S.x, types.MemberDescriptorType))

# read-only, and a data descriptor: the function's own dict cannot shadow it
for attempt in (lambda: setattr(f, '__globals__', {}), lambda: delattr(f, '__globals__'),
                lambda: g.__set__(f, {}), lambda: g.__delete__(f), lambda: g.__get__(1)):
    try:
        attempt()
        print('no error')
    except (AttributeError, TypeError) as e:
        print(type(e).__name__, e)
f.__dict__['__globals__'] = 5
print(f.__globals__ is globals(), g.__get__(f) is globals(), g.__get__(None, type(f)) is g)

@dataclass
class C:
    __slots__ = ('x',)
    x: Any

try:
    C()
except TypeError as e:
    print(e)
c = C(10)
c.x = 5
print(c, c.x)
try:
    c.y = 5
except AttributeError as e:
    print(e)

@dataclass
class Base:
    __slots__ = ('x',)
    x: Any

@dataclass
class Derived(Base):
    x: int
    y: int

d = Derived(1, 2)
d.z = 10
print(d, d.z)

@dataclass(slots=True)
class Slotted:
    a: int
    b: str = 'b'
print(Slotted(1), Slotted.__slots__, isinstance(Slotted.a, types.MemberDescriptorType))
