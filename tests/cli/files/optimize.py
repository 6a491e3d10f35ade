"""the module's docstring"""
import sys


def f():
    "f's docstring"
    return 1


class C:
    "C's docstring"


print(__doc__, f.__doc__, C.__doc__, __debug__, sys.flags.optimize)
if __debug__:
    print("debug code runs")
try:
    assert f() == 2, "f is not 2"
    print("no assert")
except AssertionError as e:
    print("AssertionError:", e)
