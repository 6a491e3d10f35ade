# Calling a class whose __new__ is written in Python (and whose __init__
# is object's) inlines __new__; what type_call does next must still happen:
# __init__ of a subclass instance __new__ returned, nothing for another type.
from collections import namedtuple

class Money:
    __slots__ = ("cents",)
    def __new__(cls, cents):
        self = object.__new__(cls)
        self.cents = cents
        return self

class Tricky:
    def __new__(cls, k):
        if k % 1000 == 999:
            return object.__new__(Child)   # a subclass instance: its __init__ runs
        if k % 1000 == 500:
            return k               # not an instance: no __init__
        return object.__new__(cls)

class Child(Tricky):
    def __init__(self, k):
        self.k = -k

Point = namedtuple("Point", "x y")

def run(n):
    total = 0
    kids = 0
    others = 0
    for i in range(n):
        m = Money(i)
        total += m.cents
        p = Point(i, y=2)
        total += p.x * p.y
        t = Tricky(i)
        if type(t) is Child:
            kids += t.k
        elif not isinstance(t, Tricky):
            others += t
    return total, kids, others

print(run(3000))
# the class's __new__ replaced: the trace must notice
def new2(cls, cents):
    self = object.__new__(cls)
    self.cents = cents * 10
    return self
Money.__new__ = new2
print(run(3000))
class WithDel(Money):
    __slots__ = ()
    count = 0
    def __del__(self):
        WithDel.count += 1
objs = [WithDel(i) for i in range(2000)]
print(sum(o.cents for o in objs))
try:
    Money()
except TypeError as e:
    print(e)

# __new__ returning an object of another class with __del__: type_call
# registers its finalizer, compiled or not
class Other:
    dels = 0
    def __del__(self):
        Other.dels += 1
class MakesOther:
    def __new__(cls, k):
        return object.__new__(Other) if k % 3 == 0 else object.__new__(cls)
made = [MakesOther(k) for k in range(3000)]
print(sum(type(m) is Other for m in made))
del made
import gc
for _ in range(3):
    gc.collect()
print(Other.dels >= 900)
# a subclass made after the calls were compiled
class Late(Money):
    __slots__ = ()
print(run(300)[0], type(Late(5)).__name__)
