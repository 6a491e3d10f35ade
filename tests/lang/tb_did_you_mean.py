# tpy-test: strict-stderr
# ". Did you mean: 'x'?" after NameError and AttributeError (exact types),
# from the raising frame's locals, globals, builtins, or dir(obj)
import sys


def show(fn):
    try:
        fn()
    except BaseException as e:
        sys.excepthook(type(e), e, e.__traceback__)


class Point:
    def __init__(self):
        self.xcoord = 1
        self.ycoord = 2

    def norm(self):
        return self.xcord


class Dyn:
    def __getattr__(self, name):
        raise AttributeError(name)      # no name/obj: no hint


class MyNameError(NameError):
    pass


def local_names():
    counter = 1
    total = 2
    return countr + total


def captured():
    # a variable an inner function captures is a cell, not in co_varnames:
    # no hint from it; a captured parameter is both
    counter = 0
    def inner(param):
        return counter + param
    return countr


def captured_param(param):
    def inner():
        return param
    return parm


def hot_loop():
    # the NameError comes from compiled code after many iterations
    s = 0
    for i in range(3000):
        s += i
        if i == 2999:
            s += totl
    return s


total_global = 5
show(lambda: pritn(1))
show(lambda: lenn([]))
show(lambda: [].apend(1))
show(lambda: "x".uper())
show(lambda: Point().norm())
show(lambda: sys.maxsiz)
show(lambda: zzzzzzzz)
show(local_names)
show(hot_loop)
show(captured)
show(lambda: captured_param(1))
show(lambda: total_globl)
show(lambda: Dyn().anything)
show(lambda: (_ for _ in ()).sen(None))
def raise_sub():
    raise MyNameError("name 'prin' is not defined")
show(raise_sub)
try:
    pritn
except NameError as e:
    print("str() has no hint:", e)
for name in ["a" * 41 + "x", "a" * 41 + "y"]:
    globals()[name[:-1] + "z"] = 1
show(lambda: eval("a" * 41 + "x"))
class Body:
    colour = 1
    try:
        color
    except NameError as e:
        sys.excepthook(type(e), e, e.__traceback__)
Point().xcord
