# Argument checks of type(), __slots__, __import__, module dir(),
# compile(optimize=) and input() that CPython's test_builtin makes.
import io, sys, types

def show(f):
    try:
        r = f()
        print("ok", r if not isinstance(r, type) else r.__name__)
    except Exception as e:
        print(type(e).__name__, e)

show(lambda: __import__("string\x00"))
show(lambda: type("A\x00B", (), {}))
show(lambda: type("A\udcdcB", (), {}))
show(lambda: type("A", (), {"__doc__": "x\udcdcy"}))
show(lambda: type("A", (), {"__doc__": "x\x00y"}).__doc__)
for slots in (b"x", "", "42", "x\x00y", ("__weakref__", "__weakref__"), ("__dict__", "__dict__"), "ok_name"):
    show(lambda: type("A", (), {"__slots__": slots}))
show(lambda: type("A", (int,), {"__slots__": "x"}))
show(lambda: type("A", (int,), {"__slots__": ()}))
class B:
    pass
show(lambda: type("A", (B,), {"__slots__": "__weakref__"}))
C = type("C", (), {})
def rename(n):
    C.__name__ = n
    return C.__name__
for n in ("D", "A\x00B", "A\udcdcB"):
    show(lambda: rename(n))

class Foo(types.ModuleType):
    __dict__ = 8
show(lambda: dir(Foo("foo")))
m = types.ModuleType("m")
m.__dir__ = lambda: ["only"]
show(lambda: dir(m))

code = 'def f():\n    """doc"""\n    assert False, "boom"\n    return __debug__, f.__doc__\n'
for o in (-1, 0, 1, 2):
    ns = {}
    exec(compile(code, "<t>", "exec", optimize=o), ns)
    show(ns["f"])

class BitBucket:
    def write(self, s):
        pass
saved = sys.stdin, sys.stdout
try:
    sys.stdin, sys.stdout = io.StringIO("line one\nline two"), BitBucket()
    a = input("prompt> ")
    b = input()
    show(input)
finally:
    sys.stdin, sys.stdout = saved
print(a, "|", b)
