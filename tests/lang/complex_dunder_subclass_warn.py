# complex(x) when x.__complex__() returns a strict subclass of complex:
# CPython 3.11's DeprecationWarning (an error under -W error), the value kept.
import warnings


class C1(complex):
    def __new__(cls, value=0j):
        return complex.__new__(cls, 2 * value)

    def __complex__(self):
        return self


class C2(complex):
    def __complex__(self):
        return None


class C0(complex):
    def __complex__(self):
        return 42j


with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(complex(C1(1j)), complex(C0(1j)))
    print([(x.category.__name__, str(x.message)) for x in w])
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        complex(C1(1j))
    except DeprecationWarning as e:
        print("error:", e)
try:
    complex(C2(1j))
except TypeError as e:
    print(e)
