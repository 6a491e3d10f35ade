# A decorated function or class starts at its first decorator (co_firstlineno,
# the call event, inspect.getsource), as CPython 3.11.
import sys
def deco(f): return f
def tr(frame, ev, arg):
    if frame.f_code.co_name in ("h", "C", "g"):
        print(ev, frame.f_code.co_name, frame.f_lineno)
    return tr
sys.settrace(tr)
@deco
def h(x):
    y = x + 1
    return y
h(1)
@deco
class C:
    a = 1
@deco
def g():
    return 2
g()
sys.settrace(None)
import inspect
print(h.__code__.co_firstlineno, C.__name__)
print(inspect.getsource(h), end="")
print(inspect.getsource(C), end="")
