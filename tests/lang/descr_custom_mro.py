# A metaclass's mro(): used at class creation and when __bases__ change;
# its result is checked; type.mro() computes C3 afresh.

class A:
    def f(self):
        return "A"

class B(A):
    pass

class C(A):
    def f(self):
        return "C"

class D(B, C):
    pass

class Reverse(type):
    def mro(cls):
        seen.append(cls.__name__)
        L = type.mro(cls)
        L.reverse()
        return L

seen = []

class X(D, B, C, A, metaclass=Reverse):
    pass

print([k.__name__ for k in X.__mro__], X().f(), seen)
print([k.__name__ for k in type.mro(X)])

class Bad(type):
    def mro(cls):
        return [cls, dict, object]

try:
    class Y(metaclass=Bad):
        pass
except TypeError as e:
    print("TypeError:", e)

class NotClass(type):
    def mro(cls):
        return [1]

try:
    class Y(metaclass=NotClass):
        pass
except TypeError as e:
    print("TypeError:", e)

class NotSeq(type):
    def mro(cls):
        return 1

try:
    class Y(metaclass=NotSeq):
        pass
except TypeError as e:
    print("TypeError:", e)

class Empty(type):
    def mro(cls):
        return ()

try:
    class Y(metaclass=Empty):
        pass
except TypeError as e:
    print("TypeError:", e)

# the MRO is None while mro() runs
class Peek(type):
    def mro(cls):
        print("during:", cls.__mro__)
        return type.mro(cls)

class P(metaclass=Peek):
    pass
print("after:", [k.__name__ for k in P.__mro__])

# a failing mro() during a __bases__ assignment undoes everything
class Fail(type):
    fail = False
    def mro(cls):
        if Fail.fail and cls.__name__ == "Q2":
            raise ValueError("no MRO today")
        return type.mro(cls)

class Q0: pass
class Q00: pass
class Q1(Q00, metaclass=Fail): pass
class Q2(Q1): pass
Fail.fail = True
try:
    Q1.__bases__ = (Q0,)
except ValueError as e:
    print("ValueError:", e)
print(Q1.__bases__, [k.__name__ for k in Q1.__mro__], [k.__name__ for k in Q2.__mro__])
Fail.fail = False
Q1.__bases__ = (Q0,)
print(Q1.__bases__, [k.__name__ for k in Q2.__mro__], Q00.__subclasses__(), Q0.__subclasses__() == [Q1])
