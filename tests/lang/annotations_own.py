def fbad():
    x: int
    print(x)
try:
    fbad()
except UnboundLocalError as e:
    print("UnboundLocalError", e)
class A:
    attr: int
class B(A):
    pass
print(B.__annotations__, A.__annotations__)
import types
m = types.ModuleType("m")
print(m.__annotations__)
for src in ["def g(): [(yield x) for x in ()]", "def g(): {(yield x) for x in ()}", "def g(): {(yield x): x for x in ()}", "def g(): ((yield x) for x in ())"]:
    try:
        compile(src, "s", "exec")
    except SyntaxError as e:
        print(e.msg)
try:
    int.__annotations__
except AttributeError as e:
    print(e)
