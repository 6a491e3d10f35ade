# Slot wrappers carry CPython's text signatures (inspect reads them), and
# a wrapper's __get__ checks its arguments as CPython's.
import inspect


def show(f, *a):
    try:
        print("->", f(*a))
    except Exception as e:
        print(type(e).__name__, e)


g = object.__init__.__get__
print(inspect.signature(g), list(inspect.signature(g).parameters))
print(inspect.signature(g).parameters["owner"].default)
for name, t in [("__repr__", object), ("__lt__", object), ("__add__", int), ("__radd__", int),
                ("__neg__", int), ("__len__", list), ("__getattribute__", object),
                ("__setattr__", object), ("__delattr__", object), ("__setitem__", list),
                ("__delitem__", list), ("__contains__", list), ("__iter__", list), ("__call__", type),
                ("__get__", property), ("__set__", property), ("__delete__", property),
                ("__init__", object), ("__hash__", object)]:
    w = t.__dict__[name]
    print(name, type(w).__name__, w.__text_signature__, inspect.signature(w))
print(inspect.signature((1).__add__), inspect.signature(object().__init__))
show(lambda: g(1)() is None)
show(lambda: g(None, int) is object.__init__)
show(g, None, None)
show(g, None)
show(g)
show(g, 1, 2, 3)
