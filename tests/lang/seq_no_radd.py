# Sequence concatenation gives __add__ but no __radd__ (CPython's sq_concat);
# repetition gives both __mul__ and __rmul__.
import array, collections
for t in (list, tuple, str, bytes, bytearray, collections.deque, array.array, range, int, float, complex):
    print(t.__name__, sorted(n for n in dir(t) if n in ('__add__', '__radd__', '__mul__', '__rmul__', '__mod__', '__rmod__')))
class L(list):
    pass
for f in (lambda: [1] + L([2]), lambda: L([2]) + [1], lambda: 1 + L(), lambda: [1].__add__([2]),
          lambda: 2 * [1], lambda: [1].__rmul__(3)):
    try:
        print(f())
    except TypeError as e:
        print("TypeError:", e)
