# An error in __set_name__ at class creation is CPython 3.11's RuntimeError
# with the original as cause; an lru_cache wrapper pickles by reference and
# is its own copy.
import copy, functools, pickle

class D:
    def __set_name__(self, owner, name):
        raise ValueError("no " + name)

try:
    class C:
        attr = D()
except RuntimeError as e:
    print(type(e).__name__, e, "| cause:", repr(e.__cause__), e.__suppress_context__)

try:
    class R:
        @functools.cached_property
        def a(self):
            return 1
        b = a
except RuntimeError as e:
    print(e, "|", e.__context__)

@functools.lru_cache(maxsize=None)
def square(x):
    return x * x

square(3)
print(square.__reduce__(), copy.copy(square) is square, copy.deepcopy(square) is square)
print(pickle.loads(pickle.dumps(square)) is square, square.cache_info())

import weakref
r = weakref.ref(square)
print(r() is square)
