# array.__new__ and function.__new__ events
import array, sys, types

seen = []
sys.addaudithook(lambda e, a: seen.append((e, a)) if e in ("array.__new__", "function.__new__") else None)
array.array("i")
array.array("b", [1, 2])
def f(): return 7
g = types.FunctionType(f.__code__, {})
print(g())
for e, a in seen:
    print(e, [x.co_name if hasattr(x, "co_name") else x for x in a])
