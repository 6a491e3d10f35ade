# __class_getitem__ = None makes a class unsubscriptable; type() itself
# refuses bases that want __mro_entries__ resolution.
import types

class C_is_none(tuple):
    __class_getitem__ = None
class Sub(C_is_none):
    pass
class Ok:
    def __class_getitem__(cls, item):
        return cls.__name__, item
for c in (C_is_none, Sub, Ok, list, int):
    try:
        print(c[int])
    except TypeError as e:
        print("TypeError:", e)

class E:
    def __mro_entries__(self, bases):
        return (Ok,)
e = E()
try:
    type('Bad', (e,), {})
except TypeError as err:
    print("TypeError:", err)
class Good(e):
    pass
print(Good.__bases__, Good.__orig_bases__ == (e,))
N = types.new_class('N', (e,))
print(N.__bases__, N.__mro__)
print(type('T', (Ok,), {}).__mro__)
