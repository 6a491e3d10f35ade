# A slot wrapper bound to an instance ((1).__add__, object().__init__) is a
# method-wrapper, as CPython's: its name, signature and docstring are the
# wrapper's, it compares equal when the same wrapper is bound to the same
# object, pickles as getattr(self, name), and is no descriptor.
import inspect
import pickle
import types

m = (1).__add__
print(type(m).__name__, repr(m).startswith("<method-wrapper '__add__' of int object at 0x"))
print(m.__name__, m.__qualname__, m.__self__, m.__objclass__, m.__text_signature__)
print(m.__reduce__())
print(m == (1).__add__, m == (2).__add__, m != (1).__add__, hash(m) == hash((1).__add__), m(2))
print(sorted(set(dir(m)) - set(dir(object))))
print(inspect.signature(m), inspect.signature(object().__init__))
print(object().__init__.__qualname__, object().__lt__(1))
print(isinstance(object().__str__, types.MethodWrapperType), types.MethodWrapperType is not types.MethodType)
print(inspect.ismethodwrapper(m), inspect.ismethod(m), inspect.isbuiltin(m), inspect.isroutine(m))


class A:
    pass


a = A()
print(repr(a.__init__).startswith("<method-wrapper '__init__' of A object"), a.__init__.__objclass__,
      a.__init__.__qualname__)
for f in (lambda: m(1, 2), lambda: m.__get__, lambda: setattr(m, "x", 1), lambda: type(m)()):
    try:
        f()
    except (TypeError, AttributeError) as e:
        print(type(e).__name__, e)
print(pickle.loads(pickle.dumps(m))(5))
print(type(m).__module__, type(m).__qualname__)


class B(dict):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.init = super().__init__


b = B(x=1)
print(b, type(b.init).__name__, b.init(y=2), b)
# a hot loop calling bound slot wrappers
s = 0
add = (3).__add__
for i in range(2000):
    s = add(s) if i % 2 else (i).__mul__(2) + s
print(s, (5).__lt__(6), [].__len__(), "ab".__contains__("a"))
# the runtime's own callable and descriptor types cannot be instantiated
for t in (type(str.join), type(len), type(int.real), type(object.__init__), type(m),
          type(dict.__dict__["fromkeys"]), type(types.FunctionType.__dict__["__globals__"])):
    try:
        t()
    except TypeError as e:
        print(e)
