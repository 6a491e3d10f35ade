# Assigning a class's __bases__: MRO recomputed for the class and its
# subclasses, caches and dunder flags follow, CPython's checks and messages.

class A:
    def who(self):
        return "A"

class B:
    def who(self):
        return "B"

    def __getattribute__(self, name):
        if name == "magic":
            return 42
        return object.__getattribute__(self, name)

class C(A):
    pass

class D(C):
    pass

d = D()

def call_who(n):
    # hot enough for the JIT to trace the lookup
    r = None
    for _ in range(n):
        r = d.who()
    return r

print(call_who(300), D.__mro__ == (D, C, A, object))
C.__bases__ = (B,)
print(call_who(300), [k.__name__ for k in D.__mro__])
print(d.magic, A.__subclasses__(), [k.__name__ for k in B.__subclasses__()])
C.__bases__ = (A,)
print(call_who(300), hasattr(d, "magic"))

def attempt(cls, bases):
    try:
        cls.__bases__ = bases
        print("ok", [k.__name__ for k in cls.__mro__])
    except TypeError as e:
        print("TypeError:", e)

attempt(C, ())
attempt(C, [A])
attempt(C, (A, A))
attempt(C, (D,))
attempt(C, (1,))
attempt(C, (object,))
attempt(int, (object,))

class S:
    __slots__ = ("x",)

attempt(C, (S,))
try:
    del C.__bases__
except TypeError as e:
    print("TypeError:", e)

# an inconsistent MRO is refused and nothing changes
class X: pass
class Y(X): pass
class Z(X): pass
class W(Y, Z): pass
attempt(Z, (Y,))
print([k.__name__ for k in W.__mro__])
attempt(Y, (X, Z))
print([k.__name__ for k in W.__mro__])
