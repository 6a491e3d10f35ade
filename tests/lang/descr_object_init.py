# object.__new__/__init__ with extra arguments: CPython 3.11's messages;
# comparisons and __init__ found through descriptors; __dict__ deletion.

def attempt(f, *a):
    try:
        f(*a)
        print("ok")
    except TypeError as e:
        print("TypeError:", e)

class C: pass
attempt(C, 42)
attempt(C.__new__, C, 42)
attempt(C().__init__, 42)
attempt(object.__init__, C(), 42)

class D:
    def __new__(cls, *args, **kwargs):
        return super().__new__(cls, *args, **kwargs)
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
attempt(D, 42)
attempt(object.__new__, D, 42)

class E:
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
attempt(E().__init__, 42)

class F:
    def __new__(cls, *args):
        raise AssertionError
class G(F):
    __new__ = object.__new__
    def __init__(self, foo):
        self.foo = foo
attempt(G, 3)

def booh(self):
    raise AttributeError("booh")
class H:
    __eq__ = property(booh)
print(H() == H(), H() != H())
class I:
    __init__ = property(booh)
try:
    I()
except AttributeError as e:
    print("AttributeError:", e)

class K:
    pass
k = K()
k.a = 1
del k.__dict__
print(k.__dict__, hasattr(k, "a"))
k.b = 2
print(k.__dict__)
for e in (ValueError(), type("Ex", (Exception,), {})()):
    e.__dict__ = {"x": 1}
    print(e.x, end=" ")
    try:
        del e.__dict__
    except TypeError as err:
        print("TypeError:", err)

class B2:
    y = 0
    __slots__ = ("z",)
for op in ("del", "set"):
    try:
        if op == "del":
            del B2().y
        else:
            B2().y = 0
    except AttributeError as e:
        print("AttributeError:", e)

class X:
    pass
for bad in (lambda: type.__dict__["__qualname__"].__set__(str, "Oink"), lambda: delattr(X, "__qualname__")):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
try:
    object().__reduce_ex__(None)
except TypeError as e:
    print("TypeError:", e)
