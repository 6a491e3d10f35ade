# attribute, method and store sites that see several classes in turn:
# results must follow class changes (methods replaced, attributes shadowed,
# instances switched to dict mode, __class__ assignment)
class A:
    kind = "a"
    def __init__(self, x):
        self.x = x
    def f(self):
        return "A.f", self.x
class B(A):
    kind = "b"
    def __init__(self, x):
        super().__init__(x)
        self.y = x * 2
    def f(self):
        return "B.f", self.x, self.y
class C:
    kind = "c"
    __slots__ = ("x",)
    def __init__(self, x):
        self.x = x
    def f(self):
        return "C.f", self.x

def run(objs, rounds):
    out = []
    for r in range(rounds):
        for o in objs:
            out.append((o.f(), o.kind, o.x))
            o.x = o.x + 1
    return out

objs = [A(1), B(10), A(2), B(20), C(100)]
print(run(objs, 3)[-5:])
A.f = lambda self: ("patched", self.x)
print(run(objs, 2)[-5:])
B.kind = "bb"
objs[0].kind = "own"          # shadows the class attribute on one instance
objs[1].__dict__["f"] = lambda: "instance f"
print(run(objs, 2)[-5:])
del objs[0].kind
objs[2].__class__ = B
objs[2].y = 0
print(run(objs, 2)[-5:])
class D(B):
    @property
    def x(self):
        return "prop"
    @x.setter
    def x(self, v):
        self.__dict__["_x"] = v
try:
    print(run(objs + [D(5)], 1)[-3:])
except Exception as e:
    print(type(e).__name__, e)
def getlen(seq):
    return seq.__len__()
print([getlen(s) for s in ([1, 2], "abc", (1,), {1: 2}, [3], "de")])
def starts(s, p):
    return s.startswith(p)
class MyStr(str):
    def startswith(self, p):
        return "mine"
print([starts(s, "a") for s in ("abc", MyStr("abc"), "xbc", MyStr("q"), "a")])
for i in range(3):
    for o in (A(i), B(i), C(i)):
        o.z = i if not isinstance(o, C) else None if False else 0
        print(type(o).__name__, getattr(o, "z", None), end=" ")
print()
